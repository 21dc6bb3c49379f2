/** Where a notification about a file-manager object leads: its folder page, its editor or the file viewer. */
export function objectHref(o: { id: string; type: string; kind: string }): string {
  const id = encodeURIComponent(o.id);
  if (o.kind === 'folder') {
    if (o.type === 'specifications') return `/specifications/folder/${id}`;
    if (o.type === 'templates') return `/documents/templates/folder/${id}`;
    if (o.type === 'documents') return `/documents/folder/${id}`;
    return '';
  }
  if (o.type === 'specifications') return `/specifications/create/${id}`;
  return `/file/${id}`;
}

/** «папкой «Общая»», «файлом «смета.xlsx»», «спецификацией «Стол»»: what was shared, in the instrumental case. */
export function sharedWhat(o: { name: string; type: string; kind: string }): string {
  if (o.kind === 'folder') return `папкой «${o.name}»`;
  if (o.type === 'specifications') return `спецификацией «${o.name}»`;
  return `файлом «${o.name}»`;
}
