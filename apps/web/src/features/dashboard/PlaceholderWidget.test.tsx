import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { widgetProps } from '../../test-setup/widgetProps.ts';
import { dashboardText } from './dashboardText.ts';
import { PlaceholderWidget } from './PlaceholderWidget.tsx';

describe('PlaceholderWidget', () => {
  it('holds the place of a widget still to come', () => {
    render(<PlaceholderWidget {...widgetProps('news')} />);
    expect(screen.getByText(dashboardText.comingSoon)).toBeInTheDocument();
    expect(screen.getByTestId('placeholder-news')).toBeInTheDocument();
  });
});
