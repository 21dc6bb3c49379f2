import sample from '../data/blog.json';

export interface Comment {
  id: string;
  author: string;
  text: string;
  date: string;
}
export interface Post {
  id: string;
  title: string;
  excerpt: string;
  body: string;
  /** An uploaded cover as a data URL, or null (a coloured block instead). */
  cover: string | null;
  coverColor: string;
  author: string;
  /** `2026-11-25`. */
  date: string;
  tags: string[];
  comments: Comment[];
}

export const BLOG_SAMPLE = sample as { posts: Post[] };
export const BLOG_KEY = 'blog';
/** Covers live in localStorage (about 5 MB for the whole site): 300 KB each at most. */
export const COVER_MAX_BYTES = 300 * 1024;
export const COLORS = ['#6366f1', '#10b981', '#f59e0b', '#ef4444', '#0ea5e9', '#8b5cf6'];

/** The first 180 characters of the text, cut at a word. */
export function excerptOf(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  if (flat.length <= 180) return flat;
  const cut = flat.slice(0, 180);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 100 ? cut.lastIndexOf(' ') : 180)}…`;
}
