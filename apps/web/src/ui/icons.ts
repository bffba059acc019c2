// The app's one icon set (issue 27 item 3): lucide's SVG icons, drawn the same on every system.
// No emoji or pictograph glyph stands for an icon (a system without an emoji font shows an empty
// box); uiGlyphs.test.ts fails on one in a UI string. Import icons from here, so the set stays one.
export {
  ArrowUpDown,
  GripVertical,
  Lock,
  Mail,
  Pencil,
  Pin,
  RefreshCw,
  RotateCcw,
  Rows3,
  Star,
} from 'lucide-react';

/** The size icons take inside text-sized controls (px). */
export const ICON_SIZE = 14;
