import { BREAKPOINTS, TABLET_LG_WIDTH_RANGE } from '@krone/domain';

/**
 * Sets html[data-screen|data-device|data-orientation] before first paint, so CSS that hides menu
 * items per size is right from the start. It runs before any bundle, so it is self-contained; it
 * mirrors screenSizeForWidth and the device detection of parseDeviceInfo, and
 * screen-size-boot.test.ts checks that they agree. Put it in <head> with dangerouslySetInnerHTML.
 */
export const SCREEN_SIZE_BOOT_SCRIPT = [
  '(function(){try{',
  "var d=document.documentElement,n=navigator.userAgent||'',w=window.innerWidth,h=window.innerHeight;",
  'var a=!/\\b(?:iPhone|iPad|iPod)\\b/.test(n)&&/\\bAndroid\\b/.test(n);',
  "var v=/\\b(?:iPad|Tablet|PlayBook|Kindle|Silk)\\b/.test(n)?'tablet'",
  ":/\\b(?:Opera Mini|IEMobile|Windows Phone)\\b/.test(n)?'mobile'",
  ":a?(/\\bMobile\\b/.test(n)?'mobile':'tablet')",
  ":/\\b(?:iPhone|iPod|Mobile)\\b/.test(n)?'mobile':'desktop';",
  `var s=v==='tablet'&&w>=${TABLET_LG_WIDTH_RANGE.min}&&w<=${TABLET_LG_WIDTH_RANGE.max}?'lg'`,
  `:!(w>=${BREAKPOINTS.sm})?'xs':w<${BREAKPOINTS.md}?'sm':w<${BREAKPOINTS.lg}?'md'`,
  `:w<${BREAKPOINTS.xl}?'lg':w<${BREAKPOINTS.xxl}?'xl':'xxl';`,
  "d.dataset.screen=s;d.dataset.device=v;d.dataset.orientation=w>0&&h>0?(w>h?'landscape':'portrait'):'unknown'",
  '}catch(e){}})();',
].join('');
