// GET /.well-known/jwks.json: where verifiers look for the keys (RFC 8615); the same handler as the
// API's /api/public/jwks.json, so the OpenAPI document describes both.
export { GET, POST, PUT, PATCH, DELETE, OPTIONS } from "@/app/api/public/jwks.json/route";
