import { describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, mediaSrcSet } from './media-srcset';

describe('mediaSrcSet', () => {
  it('offers the thumbnail beside the display version of a stored image', () => {
    expect(mediaSrcSet('/media/images/0192-abc.display.jpg', IMAGE_WIDTHS.post)).toBe(
      '/media/images/0192-abc.thumb.jpg 480w, /media/images/0192-abc.display.jpg 1280w',
    );
    expect(mediaSrcSet('/media/images/x.display.webp', IMAGE_WIDTHS.cover)).toBe(
      '/media/images/x.thumb.webp 600w, /media/images/x.display.webp 1500w',
    );
  });

  it('leaves any other address alone', () => {
    for (const url of [
      null,
      undefined,
      '',
      '/default-avatar.svg',
      '/media/images/x.thumb.jpg',
      '/media/images/x.jpg',
      'https://cdn.example.ng/media/images/x.display.jpg',
      '/media-private/images/x.display.jpg?expires=1&signature=ab',
    ]) {
      expect(mediaSrcSet(url, IMAGE_WIDTHS.post), String(url)).toBeUndefined();
    }
  });
});
