// An unknown console address or application, inside the console's top bar; still answered with 404.
import { NotFoundMessage } from "@/app/merchant/sdk/_components/not-found-message";

export default function ConsoleNotFound() {
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <NotFoundMessage backHref="/merchant/sdk" backLabel="Back to applications" />
    </main>
  );
}
