/** `text` with the `marks` ranges ([start, end) in its characters) wrapped in <mark>. */
export function Marked({ text, marks }: { text: string; marks: readonly (readonly number[])[] }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const [start = 0, end = 0] of marks) {
    if (start < at || end <= start || end > text.length) continue;
    if (start > at) parts.push(text.slice(at, start));
    parts.push(<mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}
