import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LEAVE_MESSAGE, useLeaveGuard } from '@/components/specifications/use-leave-guard';

const pushes: boolean[] = [];

/** Plain anchors stand in for what <Link> renders (the guard listens to clicks on any <a>). */
function Page({ dirty }: { dirty: boolean }) {
  const confirmLeave = useLeaveGuard(dirty);
  return (
    <nav>
      <button type="button" onClick={() => pushes.push(confirmLeave())}>
        Перейти
      </button>
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
      <a href="/specifications">Спецификации</a>
      <a href="https://example.org/x">Наружу</a>
      <a href="/files" target="_blank">В новой вкладке</a>
      <a href="/report.xlsx" download>
        Файл
      </a>
    </nav>
  );
}

/** A click on `el`; true when the guard cancelled it (jsdom does not follow links: cancelled after that check). */
const click = (el: Element, init: MouseEventInit = {}) => {
  let stopped = true;
  const seen = (e: Event) => {
    stopped = e.defaultPrevented;
    e.preventDefault();
  };
  window.addEventListener('click', seen);
  try {
    fireEvent.click(el, { button: 0, ...init });
  } finally {
    window.removeEventListener('click', seen);
  }
  return stopped;
};

afterEach(() => vi.restoreAllMocks());

describe('useLeaveGuard: unsaved changes', () => {
  it('asks in Russian before an internal link is followed and stops it when the user stays', () => {
    const ask = vi.spyOn(window, 'confirm').mockReturnValue(false);
    render(<Page dirty />);
    expect(click(screen.getByText('Спецификации'))).toBe(true);
    expect(ask).toHaveBeenCalledWith(LEAVE_MESSAGE);
    expect(LEAVE_MESSAGE).toBe('Есть несохранённые изменения. Уйти без сохранения?');
  });

  it('lets the link through when the user agrees, and does not ask again (nor on beforeunload)', () => {
    const ask = vi.spyOn(window, 'confirm').mockReturnValue(true);
    render(<Page dirty />);
    expect(click(screen.getByText('Спецификации'))).toBe(false);
    expect(ask).toHaveBeenCalledTimes(1);
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(false);
  });

  it('does not ask without changes, nor for external, new-tab, download or modified clicks', () => {
    const ask = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { rerender } = render(<Page dirty={false} />);
    expect(click(screen.getByText('Спецификации'))).toBe(false);
    rerender(<Page dirty />);
    click(screen.getByText('Наружу'));
    click(screen.getByText('В новой вкладке'));
    click(screen.getByText('Файл'));
    click(screen.getByText('Спецификации'), { ctrlKey: true });
    expect(ask).not.toHaveBeenCalled();
  });

  it('beforeunload is cancelled while there are changes', () => {
    const { rerender } = render(<Page dirty />);
    const e1 = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(e1);
    expect(e1.defaultPrevented).toBe(true);
    rerender(<Page dirty={false} />);
    const e2 = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(e2);
    expect(e2.defaultPrevented).toBe(false);
  });

  it('confirmLeave() guards the page’s own router pushes', () => {
    const ask = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    pushes.length = 0;
    const { rerender } = render(<Page dirty />);
    const go = () => fireEvent.click(screen.getByRole('button', { name: 'Перейти' }));
    go();
    go();
    expect(ask).toHaveBeenCalledTimes(2);
    rerender(<Page dirty={false} />);
    go();
    expect(ask).toHaveBeenCalledTimes(2);
    expect(pushes).toEqual([false, true, true]);
  });
});
