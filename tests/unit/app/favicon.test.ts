import { describe, expect, it } from 'vitest';
import { GET } from '@/app/favicon.ico/route';

describe('/favicon.ico', () => {
  it('sends the browser to the site icon instead of answering 404', () => {
    const res = GET();
    expect(res.status).toBe(308);
    expect(res.headers.get('location')).toBe('/icon.svg');
  });
});
