import { describe, expect, it } from 'vitest';
import { deviceKey, deviceName } from '@/lib/domain/noty/device';
import { isNotyLink, titleWithUnread } from '@/lib/domain/noty/kinds';
import { objectHref, sharedWhat } from '@/lib/domain/noty/links';

describe('notifications: pure rules', () => {
  it('the tab title carries the unread count once, and loses it at zero', () => {
    expect(titleWithUnread('Документы — Калькулус', 3)).toBe('(3) Документы — Калькулус');
    expect(titleWithUnread('(3) Документы — Калькулус', 4)).toBe('(4) Документы — Калькулус');
    expect(titleWithUnread('(4) Документы — Калькулус', 0)).toBe('Документы — Калькулус');
    expect(titleWithUnread('Документы', 120)).toBe('(99+) Документы');
    expect(titleWithUnread('(99+) Документы', 2)).toBe('(2) Документы');
  });

  it('a link is a path of this site or an http(s) address', () => {
    for (const ok of ['', '/documents', '/file/1?x=2', 'https://example.ru/a', 'http://localhost:3000']) expect(isNotyLink(ok), ok).toBe(true);
    for (const bad of ['javascript:alert(1)', '//evil.example', '/\\evil.example', 'data:text/html,x', 'ftp://x', 'documents']) expect(isNotyLink(bad), bad).toBe(false);
  });

  it('a browser update is the same device; its name is readable', () => {
    const a = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    expect(deviceKey(a)).toBe(deviceKey(a.replace('131.0.0.0', '132.0.6834.83')));
    expect(deviceName(a)).toBe('Chrome, Windows');
    expect(deviceName(`${a} Edg/131.0.0.0`)).toBe('Edge, Windows');
    expect(deviceName('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('Firefox, Linux');
    expect(deviceName('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 YaBrowser/24.12 Mobile Safari/537.36')).toBe('Яндекс Браузер, Android');
    expect(deviceName('curl/8.5.0')).toBe('неизвестный браузер');
  });

  it('a shared object leads to its page', () => {
    expect(objectHref({ id: 'a b', type: 'documents', kind: 'folder' })).toBe('/documents/folder/a%20b');
    expect(objectHref({ id: 'x', type: 'specifications', kind: 'file' })).toBe('/specifications/create/x');
    expect(objectHref({ id: 'x', type: 'templates', kind: 'folder' })).toBe('/documents/templates/folder/x');
    expect(objectHref({ id: 'x', type: 'documents', kind: 'file' })).toBe('/file/x');
    expect(sharedWhat({ name: 'Сметы', type: 'documents', kind: 'folder' })).toBe('папкой «Сметы»');
    expect(sharedWhat({ name: 'Стол', type: 'specifications', kind: 'file' })).toBe('спецификацией «Стол»');
  });
});
