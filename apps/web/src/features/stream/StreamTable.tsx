import { formatPrice, type StreamEntryView } from '@tapeline/core';

/** One side of the stream: Symbol, Count, Last (spec §2 widget chrome). */
export function StreamTable({
  title,
  rows,
  tone,
}: {
  title: string;
  rows: StreamEntryView[];
  tone: 'high' | 'low';
}) {
  return (
    <div className={`stream-side stream-side--${tone}`}>
      <table className="stream-table" aria-label={`${title} stream`}>
        <caption>{tone === 'high' ? 'New Highs' : 'New Lows'}</caption>
        <thead>
          <tr>
            <th scope="col">Symbol</th>
            <th scope="col" className="num">
              Count
            </th>
            <th scope="col" className="num">
              Last
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row[0]} className={row[3] === 1 ? 'is-active' : undefined}>
              <td className="sym">{row[0]}</td>
              <td className="num">{row[2]}</td>
              <td className="num">{formatPrice(row[1])}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 && (
        <p className="stream-empty muted">Waiting for new {tone === 'high' ? 'highs' : 'lows'}…</p>
      )}
    </div>
  );
}
