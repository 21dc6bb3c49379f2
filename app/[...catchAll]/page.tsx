import { notFound } from 'next/navigation';

/** Every path no page claims renders the not-found page with status 404. */
export default function CatchAll() {
  notFound();
}
