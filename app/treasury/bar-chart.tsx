// A small horizontal bar chart drawn as inline SVG (no chart library, nothing fetched): one group
// per label, one bar per series, scaled to the largest value, with a text table for screen readers.
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
  const barHeight = 18;
  const gap = 6;
  const groupHeight = series.length * (barHeight + gap) + 14;
  const labelWidth = 56;
  const width = 480;
  const plot = width - labelWidth - 110;
  const height = Math.max(groupHeight * groups.length, 40);
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <figcaption className="mb-2 font-medium">{title}</figcaption>
      <ul className="mb-2 flex flex-wrap gap-4 text-xs text-slate-600" aria-hidden="true">
        {series.map((s) => (
          <li key={s.name} className="flex items-center gap-1">
            <span className="inline-block h-3 w-3 rounded-sm" style={{ background: s.color }} />
            {s.name}
          </li>
        ))}
      </ul>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="h-auto w-full"
        role="img"
        aria-label={title}
        data-chart={title}
      >
        {groups.map((group, gi) =>
          group.values.map((value, si) => {
            const y = gi * groupHeight + si * (barHeight + gap);
            const w = Math.max(1, (Math.abs(value) / largest) * plot);
            return (
              <g key={`${group.label}-${si}`}>
                {si === 0 && (
                  <text x={0} y={y + barHeight - 4} className="fill-slate-700" fontSize={13} fontWeight={600}>
                    {group.label}
                  </text>
                )}
                <rect x={labelWidth} y={y} width={w} height={barHeight} rx={3} fill={series[si]?.color ?? "#64748b"} />
                <text x={labelWidth + w + 6} y={y + barHeight - 4} fontSize={12} className="fill-slate-700">
                  {group.format ? group.format(value) : value.toLocaleString("en-US")}
                </text>
              </g>
            );
          }),
        )}
      </svg>
      <table className="sr-only">
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
                <td key={i}>{g.format ? g.format(v) : v}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
