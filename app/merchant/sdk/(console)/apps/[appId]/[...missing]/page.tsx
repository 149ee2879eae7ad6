// Any other address under an application: the 404 inside the application's navigation.
import { notFound } from "next/navigation";

export default function UnknownApplicationPage() {
  notFound();
}
