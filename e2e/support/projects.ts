// Every spec runs at 1440 × 900 (project `desktop`). The `mobile` project (390 × 844, touch)
// runs only the tests tagged PHONE: those whose behaviour differs on a phone (the layout, the
// menu that replaces the sidebar, touch drags, the full-screen search, what fits across).
// A behaviour that is the same at any width is proven once, on desktop (docs/testing.md).
export const PHONE = { tag: '@phone' };
