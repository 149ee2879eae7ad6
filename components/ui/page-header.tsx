// A page's title, its one-line description and its main actions, above everything else.
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: React.ReactNode;
  actions?: React.ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        {/* Titles can be names people gave (an application's): isolated, so none can reorder the page's text. */}
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
          <bdi>{title}</bdi>
        </h1>
        {description ? <p className="mt-1 max-w-2xl text-sm text-slate-600">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 gap-2">{actions}</div> : null}
    </div>
  );
}
