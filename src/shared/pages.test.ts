import { describe, expect, it } from 'vitest';
import { DRAWN_PAGES, drawnPage } from './first-screen.js';
import { matchPage, PAGE_PATHS } from './pages.js';

describe('matchPage: which paths are pages of the web app', () => {
  it('reads paths as the browser router does: parameters, any letter case, a trailing slash, the admin areas', () => {
    expect(matchPage('/')).toEqual({ path: '/', params: {} });
    expect(matchPage('/dealDetail/42')).toEqual({ path: '/dealDetail/:id', params: { id: '42' } });
    expect(matchPage('/members/Bargain%20Bea')).toEqual({ path: '/members/:username', params: { username: 'Bargain Bea' } });
    expect(matchPage('/LOGIN/')?.path).toBe('/login');
    expect(matchPage('/stores')?.path).toBe('/stores');
    expect(matchPage('/stores/7')?.path).toBe('/stores/:id');
    expect(matchPage('/deals/create')?.path).toBe('/deals/create');
    expect(matchPage('/deals/edit/3')?.path).toBe('/deals/edit/:id');
    expect(matchPage('/admin')?.path).toBe('/admin/*');
    expect(matchPage('/admin/deals/12/anything')?.path).toBe('/admin/*');
    expect(matchPage('/members/%E0%A4%A')).toEqual({ path: '/members/:username', params: { username: '%E0%A4%A' } });
  });

  it('finds no page for other paths', () => {
    for (const url of ['/no/such/page', '/dealDetail', '/dealDetail/1/2', '/stores/1/deals', '/members', '/deal', '/index', '/loginx', '/user']) {
      expect(matchPage(url), url).toBeUndefined();
    }
  });

  it('matches each listed path by itself', () => {
    for (const path of PAGE_PATHS) expect(matchPage(path.replace(/:\w+/g, 'x').replace('/*', '/x'))?.path, path).toBe(path);
  });
});

describe('drawnPage: the pages the server draws', () => {
  it('names the drawn page of a path, a number standing for the id', () => {
    expect(drawnPage('/')).toBe('home');
    expect(drawnPage('/dealsBrowse')).toBe('browse');
    expect(drawnPage('/deals')).toBe('browse');
    expect(drawnPage('/dealDetail/42')).toBe('deal');
  });

  it('draws no other page, nor a deal page without a numeric id', () => {
    for (const url of [
      '/dealDetail/abc',
      '/dealDetail/',
      '/dealDetail:',
      '/dealDetail/:5',
      '/dealDetail/4/2',
      '/stores',
      '/stores/5',
      '/deals/edit/5',
      '/DealsBrowse',
      '/5',
      '/constructor',
      '/__proto__',
      '/toString',
    ]) {
      expect(drawnPage(url), url).toBeUndefined();
    }
  });

  it('lists only pages of the app', () => {
    for (const path of Object.keys(DRAWN_PAGES)) expect(PAGE_PATHS as readonly string[]).toContain(path);
  });
});
