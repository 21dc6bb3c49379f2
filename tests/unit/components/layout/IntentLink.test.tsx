import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IntentLink } from '@/components/layout/IntentLink';

const prefetch = vi.fn();
vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), back: vi.fn(), forward: vi.fn(), refresh: vi.fn(), prefetch }),
  usePathname: () => '/specifications',
  useSearchParams: () => new URLSearchParams(),
}));

beforeEach(() => prefetch.mockClear());

describe('IntentLink', () => {
  it('prefetches nothing when rendered; the pointer, focus or a touch on it prefetches its page', () => {
    const onMouseEnter = vi.fn();
    render(
      <IntentLink href="/companies" onMouseEnter={onMouseEnter}>
        Компании
      </IntentLink>,
    );
    const link = screen.getByRole('link', { name: 'Компании' });
    expect(link).toHaveAttribute('href', '/companies');
    expect(prefetch).not.toHaveBeenCalled();
    fireEvent.mouseEnter(link);
    expect(prefetch).toHaveBeenLastCalledWith('/companies');
    expect(onMouseEnter).toHaveBeenCalledTimes(1);
    fireEvent.focus(link);
    fireEvent.touchStart(link);
    expect(prefetch).toHaveBeenCalledTimes(3);
  });
});
