import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RouteError, RouteLoading } from '@/components/layout/RouteState';

describe('route states of the shell', () => {
  it('loading says so in Russian as a status', () => {
    render(<RouteLoading />);
    expect(screen.getByRole('status')).toHaveTextContent('Загрузка…');
  });

  it('an error says so in Russian; «Повторить» loads the page again', () => {
    const retry = vi.fn();
    render(<RouteError retry={retry} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Страница не загрузилась' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(retry).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'На главную' })).toHaveAttribute('href', '/');
  });
});
