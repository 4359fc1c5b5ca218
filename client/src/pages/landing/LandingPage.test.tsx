import { messages } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '../../test-utils/render';
import { LandingPage } from './LandingPage';

describe('LandingPage', () => {
  it('shows the three stat cards with their value and label', () => {
    render(<LandingPage />);
    const stats = messages.landing.stats;
    expect(stats.map((stat) => stat.value)).toEqual(['80%', '3x', '100%']);
    for (const stat of stats) {
      const value = screen.getByText(stat.value);
      const card = value.closest('li');
      expect(card).not.toBeNull();
      expect(within(card as HTMLElement).getByText(stat.label)).toBeTruthy();
    }
  });

  it('links both calls to action to /auth', () => {
    render(<LandingPage />);
    const start = screen.getByRole('link', { name: messages.landing.start });
    expect(start.getAttribute('href')).toBe('/auth');
    const logins = screen.getAllByRole('link', { name: messages.landing.login });
    // The hero's outline button and the header's button.
    expect(logins).toHaveLength(2);
    for (const login of logins) expect(login.getAttribute('href')).toBe('/auth');
  });

  it('has one h1 (the hero title) and header, main and footer landmarks', () => {
    render(<LandingPage />);
    const h1 = screen.getAllByRole('heading', { level: 1 });
    expect(h1.map((heading) => heading.textContent)).toEqual([messages.landing.heroTitle]);
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });
});
