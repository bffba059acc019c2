import type { SVGProps } from 'react';

// Small stroke icons for widget toolbars: emoji and symbol glyphs differ per platform font.
const base = {
  width: 14,
  height: 14,
  viewBox: '0 0 16 16',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.6,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
};

function Svg({ children, ...rest }: SVGProps<SVGSVGElement>) {
  return (
    <svg {...base} {...rest} aria-hidden="true">
      {children}
    </svg>
  );
}

export const IconPopout = () => (
  <Svg>
    <path d="M9 2.5h4.5V7M13.5 2.5 7.5 8.5M12 9.5v3.5a.5.5 0 0 1-.5.5h-8a.5.5 0 0 1-.5-.5v-8a.5.5 0 0 1 .5-.5H7" />
  </Svg>
);
export const IconMaximize = () => (
  <Svg>
    <path d="M2.5 6V2.5H6M10 2.5h3.5V6M13.5 10v3.5H10M6 13.5H2.5V10" />
  </Svg>
);
export const IconRestore = () => (
  <Svg>
    <path d="M6 2.5V6H2.5M13.5 6H10V2.5M10 13.5V10h3.5M2.5 10H6v3.5" />
  </Svg>
);
export const IconSplit = () => (
  <Svg>
    <rect x="2.5" y="2.5" width="11" height="11" rx="1" />
    <path d="M8 2.5v11" />
  </Svg>
);
export const IconMerge = () => (
  <Svg>
    <rect x="2.5" y="2.5" width="11" height="11" rx="1" />
  </Svg>
);
export const IconDrag = () => (
  <Svg strokeWidth={0} fill="currentColor">
    <circle cx="6" cy="4" r="1.2" />
    <circle cx="10" cy="4" r="1.2" />
    <circle cx="6" cy="8" r="1.2" />
    <circle cx="10" cy="8" r="1.2" />
    <circle cx="6" cy="12" r="1.2" />
    <circle cx="10" cy="12" r="1.2" />
  </Svg>
);
/** Closed: the shackle down in the body, the body filled. */
export const IconLock = () => (
  <Svg className="icon-lock">
    <rect x="3" y="7" width="10" height="7" rx="1" fill="currentColor" />
    <path d="M5.5 7V5a2.5 2.5 0 0 1 5 0v2" />
  </Svg>
);
/** Open: the shackle raised and swung left off a hollow body, unlike the lock at a glance. */
export const IconUnlock = () => (
  <Svg className="icon-unlock">
    <rect x="5" y="7" width="9" height="7" rx="1" />
    <path d="M6.5 7V4a2.25 2.25 0 0 0-4.5 0v1.5" />
  </Svg>
);
export const IconReset = () => (
  <Svg>
    <path d="M2.5 8a5.5 5.5 0 1 0 1.6-3.9M2.5 2.5v3h3" />
  </Svg>
);
export const IconBell = () => (
  <Svg>
    <path d="M4 11.5V7a4 4 0 0 1 8 0v4.5l1 1H3l1-1ZM6.5 13.5a1.5 1.5 0 0 0 3 0" />
  </Svg>
);
