// Browsers ask for /favicon.ico on their own (a tab restored, a page printed, a bookmark) even when the page names
// its icon: the answer is the site's icon (app/icon.svg), not a 404 in the console and the logs.
export const dynamic = 'force-static';

export function GET(): Response {
  return new Response(null, { status: 308, headers: { location: '/icon.svg', 'cache-control': 'public, max-age=86400' } });
}
