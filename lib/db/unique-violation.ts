// Recognises a unique-constraint violation (Prisma P2002), the database's answer to a lost race.
import { Prisma } from "@/lib/generated/prisma/client";

export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}
