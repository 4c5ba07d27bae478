import { describe, expect, it } from 'vitest';
import { ipxSourcePath, parseIpxModifiers } from './ipx';

const CDN = 'https://cdn.krone-casino.dk';

describe('the old site’s /_ipx modifiers', () => {
  it('reads the short and long names, joined by commas or ampersands', () => {
    expect(parseIpxModifiers('f_webp,fit_cover,s_300x200,q_80,b_ffffff')).toEqual({
      format: 'webp',
      fit: 'cover',
      width: 300,
      height: 200,
      quality: 80,
      background: '#ffffff',
    });
    expect(parseIpxModifiers('format_jpg&width_640&height_360&quality_70&background_fff')).toEqual({
      format: 'jpeg',
      width: 640,
      height: 360,
      quality: 70,
      background: '#ffffff',
    });
    expect(parseIpxModifiers('resize_210x72')).toEqual({ width: 210, height: 72 });
    expect(parseIpxModifiers('_')).toEqual({});
  });

  it('leaves out modifiers it does not know, and refuses a bad value of one it does', () => {
    expect(parseIpxModifiers('w_100,pos_top,trim_5')).toEqual({ width: 100 });
    for (const bad of ['f_gif', 'fit_stretch', 'w_0', 'w_5000', 'w_-1', 's_300', 's_300x200x1', 'q_0', 'q_101', 'b_red', 'w_1e3']) {
      expect(parseIpxModifiers(bad), bad).toBeNull();
    }
    expect(parseIpxModifiers(Array.from({ length: 13 }, () => 'w_1').join(','))).toBeNull();
  });
});

describe('the /_ipx source', () => {
  it('is one of the site’s own media files, by path or by its content URL', () => {
    expect(ipxSourcePath('/media/general/logo.png', CDN)).toBe('/media/general/logo.png');
    expect(ipxSourcePath('media/general/logo.png', CDN)).toBe('/media/general/logo.png');
    expect(ipxSourcePath(`${CDN}/media/wallpaper/top.webp`, CDN)).toBe('/media/wallpaper/top.webp');
  });

  it('is never another server, another folder or a path that climbs out', () => {
    for (const source of [
      'https://evil.example/media/x.png',
      '//evil.example/media/x.png',
      'file:///etc/passwd',
      '/media/../../etc/passwd.png',
      '/media/./logo.png',
      '/media//logo.png',
      '/games/tiles/x.webp',
      '/media/general/logo.png.txt',
      '/media/general/lo go.png',
    ]) {
      expect(ipxSourcePath(source, CDN), source).toBeNull();
    }
  });
});
