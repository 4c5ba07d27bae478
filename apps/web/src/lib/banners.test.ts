import { describe, expect, it } from 'vitest';
import { bannersAt, readBanners } from './banners';

const slide = { title: 'Titel', text: 'Tekst', image: '/media/landing/landing-01.webp', ctaText: 'Se mere', ctaUrl: '/kampagner' };
const video = {
  type: 'Video Banner',
  sources: [{ src: '/media/banners/live-studio.webm' }, { src: '/media/banners/live-studio.mp4' }],
  poster: '/media/banners/live-studio-poster.webp',
  title: 'Live',
  text: 'Tekst',
  ctaText: 'Se live',
  ctaUrl: '/live-casino',
};

describe('the start page’s banners', () => {
  it('reads both types at the four positions, in the content’s order', () => {
    const banners = readBanners({
      banners: [
        { type: 'Image Slider', position: 'center', slides: [slide] },
        { ...video, position: 'left' },
        { type: 'Image Slider', position: 'right', slides: [slide, slide] },
        { ...video, position: 'between' },
      ],
    });
    expect(banners.map((banner) => `${banner.type}@${banner.position}`)).toEqual([
      'Image Slider@center',
      'Video Banner@left',
      'Image Slider@right',
      'Video Banner@between',
    ]);
    expect(bannersAt(banners, 'left')[0]).toMatchObject({
      video: { sources: [{ type: 'video/webm' }, { type: 'video/mp4' }], poster: '/media/banners/live-studio-poster.webp' },
    });
  });

  it('reads the older single banner as the opening one', () => {
    expect(readBanners({ banner: { type: 'Image Slider', slides: [slide] } })).toEqual([
      { type: 'Image Slider', position: 'center', slides: [slide] },
    ]);
  });

  it('leaves out what it cannot draw: an unknown type or position, a slide without its picture, a video of another kind, a link to no page', () => {
    expect(
      readBanners({
        banners: [
          { type: 'Carousel', position: 'center', slides: [slide] },
          { type: 'Image Slider', position: 'top', slides: [slide] },
          { type: 'Image Slider', position: 'center', slides: [{ ...slide, image: '' }] },
          { ...video, position: 'left', sources: [{ src: '/media/banners/clip.avi' }, { src: 'javascript:alert(1).mp4' }] },
          { ...video, position: 'right', ctaUrl: '/findes-ikke' },
        ],
      }),
    ).toEqual([]);
  });
});
