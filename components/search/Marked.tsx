import s from './search.module.css';
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

type Marks = readonly (readonly number[])[];

/** A hit's title and (when it has one) its second line, the matched parts marked: the dropdown and the page alike. */
export function HitText({ item }: { item: { title: string; titleMarks: Marks; subtitle?: string | null; subtitleMarks?: Marks } }) {
  return (
    <>
      <span className={s.title}>
        <Marked text={item.title} marks={item.titleMarks} />
      </span>
      {item.subtitle && (
        <span className={s.subtitle}>
          <Marked text={item.subtitle} marks={item.subtitleMarks ?? []} />
        </span>
      )}
    </>
  );
}
