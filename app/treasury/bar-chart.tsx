// A small horizontal bar chart in plain HTML (no chart library, nothing fetched): one group per
// label, one bar per series scaled to the largest value, every value written out in page-sized
// text beside its bar, and a table for screen readers.
import { Fragment } from "react";

type Series = { name: string; color: string };
type Group = { label: string; values: number[]; format?: (v: number) => string };

export function BarChart({
  title,
  series,
  groups,
  max,
}: {
  title: string;
  series: Series[];
  groups: Group[];
  max?: number;
}) {
  const largest = max ?? Math.max(1e-9, ...groups.flatMap((g) => g.values.map(Math.abs)));
  const text = (group: Group, value: number) => (group.format ? group.format(value) : value.toLocaleString("en-US"));
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-chart={title}>
      <figcaption className="font-medium text-slate-900">{title}</figcaption>
      <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700" aria-hidden="true">
        {series.map((s) => (
          <li key={s.name} className="flex items-center gap-1.5">
            <span className="inline-block h-3 w-3 rounded-sm" style={{ background: s.color }} />
            {s.name}
          </li>
        ))}
      </ul>
      {/* The drawing, for sighted readers (one grid, so every bar starts and scales alike); the
          table below carries the same figures for screen readers. */}
      <div role="img" aria-label={title} className="mt-3 grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3">
        {groups.map((group) => (
          <Fragment key={group.label}>
            <p className="col-span-2 mt-2 text-sm font-semibold text-slate-900 first:mt-0">{group.label}</p>
            {group.values.map((value, si) => (
              <Fragment key={si}>
                <div className="my-0.5 h-4 rounded-sm bg-slate-100" data-bar>
                  <div
                    className="h-4 rounded-sm"
                    style={{
                      width: `${Math.min(100, Math.max(0.5, (Math.abs(value) / largest) * 100))}%`,
                      background: series[si]?.color ?? "#475569",
                    }}
                  />
                </div>
                <span className="text-right text-sm tabular-nums text-slate-800">{text(group, value)}</span>
              </Fragment>
            ))}
          </Fragment>
        ))}
      </div>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Currency</th>
            {series.map((s) => (
              <th key={s.name} scope="col">
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {groups.map((g) => (
            <tr key={g.label}>
              <th scope="row">{g.label}</th>
              {g.values.map((v, i) => (
                <td key={i}>{text(g, v)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
