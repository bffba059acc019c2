import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test-setup/render.tsx';
import { HomeScreenHint } from './HomeScreenHint.tsx';
import { HOME_SCREEN_HINT } from './homeScreen.ts';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0 Mobile/15E148 Safari/604.1';

function asBrowser(userAgent: string) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
}

afterEach(() => vi.restoreAllMocks());

describe('HomeScreenHint', () => {
  it('tells an iPhone Safari user how to add the app to the Home Screen', async () => {
    asBrowser(IPHONE_SAFARI);
    renderUi(<HomeScreenHint />);
    expect(await screen.findByRole('status')).toHaveTextContent(HOME_SCREEN_HINT);
  });

  it('says it once per session', async () => {
    asBrowser(IPHONE_SAFARI);
    const first = renderUi(<HomeScreenHint />);
    await screen.findByText(HOME_SCREEN_HINT);
    first.unmount();
    renderUi(<HomeScreenHint />);
    expect(screen.queryByText(HOME_SCREEN_HINT)).not.toBeInTheDocument();
  });

  it('stays quiet in other iPhone browsers, which cannot add to the Home Screen', () => {
    asBrowser(IPHONE_CHROME);
    renderUi(<HomeScreenHint />);
    expect(screen.queryByText(HOME_SCREEN_HINT)).not.toBeInTheDocument();
  });

  it('stays quiet inside the installed app', () => {
    asBrowser(IPHONE_SAFARI);
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({ matches: query === '(display-mode: standalone)', media: query }) as MediaQueryList,
    );
    renderUi(<HomeScreenHint />);
    expect(screen.queryByText(HOME_SCREEN_HINT)).not.toBeInTheDocument();
  });
});
