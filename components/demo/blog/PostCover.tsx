import type { Post } from './blog';
import s from '../apps.module.css';

/** A post's cover: the uploaded picture, or a coloured block with an icon. */
export function PostCover({ post }: { post: Pick<Post, 'cover' | 'coverColor' | 'title'> }) {
  if (post.cover) {
    // A data URL from the user's browser: next/image cannot optimise it.
    // eslint-disable-next-line @next/next/no-img-element
    return <img src={post.cover} alt={`Обложка: ${post.title}`} className={s.cover} />;
  }
  return (
    <div className={s.coverBlank} style={{ background: post.coverColor }} aria-hidden>
      <i className="pi pi-book" style={{ fontSize: '2.5rem' }} />
    </div>
  );
}
