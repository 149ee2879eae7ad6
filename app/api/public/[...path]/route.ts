// Unknown paths under /api/public answer with the error envelope instead of an HTML page.
import { ApiError } from "@/lib/http/errors";
import { publicRoute } from "@/lib/http/public-route";

const notFound = publicRoute({}, async () => {
  throw new ApiError("route_not_found", "No API route matches this method and path. See /api/public/openapi.json.");
});

export {
  notFound as GET,
  notFound as POST,
  notFound as PUT,
  notFound as PATCH,
  notFound as DELETE,
  notFound as OPTIONS,
};
