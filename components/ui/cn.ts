// Joins class names, dropping the false and empty ones (clsx). No tailwind-merge: a primitive's
// classes and the caller's extra ones are all kept, as they always were.
export { clsx as cn, type ClassValue } from "clsx";
