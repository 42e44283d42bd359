import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { Executives } from './Executives';
import { countAt, Statistics } from './Statistics';
import { timelineStates } from './timeline';

describe('the home page', () => {
  it('shows both brands with links to their products', async () => {
    mockApi({});
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Shop MS' })).toHaveAttribute('href', '/products/ms');
    expect(screen.getByRole('link', { name: 'Shop Jaksh' })).toHaveAttribute('href', '/products/jaksh');
  });

  it('has six category cards linking to the products page', async () => {
    mockApi({});
    renderApp('/');
    const section = (await screen.findByRole('heading', { name: 'Shop by category' })).closest('section')!;
    const links = within(section).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/products?category=Lanyards',
      '/products?category=Labels',
      '/products?category=Stickers',
      '/products?category=Drinkware',
      '/products?category=Stationery',
      '/products?category=Gifts',
    ]);
  });

  it('shows the statistics 25+ years, 1000+ clients and 10L+ items', async () => {
    mockApi({});
    renderApp('/');
    const stats = (await screen.findByRole('heading', { name: 'Trusted across India' })).closest('section')!;
    expect(stats).toHaveTextContent('25+');
    expect(stats).toHaveTextContent('1000+');
    expect(stats).toHaveTextContent('10L+');
  });

  it('has a five-step order timeline and a why-choose-us list', async () => {
    mockApi({});
    renderApp('/');
    const timeline = (await screen.findByRole('heading', { name: 'How your order comes together' })).closest(
      'section',
    )!;
    expect(within(timeline).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByRole('heading', { name: 'Why choose us' })).toBeInTheDocument();
  });

  describe('with a controlled clock', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('alternates the two executives every 4 seconds', () => {
      render(<Executives />);
      expect(screen.getByText('Mahesh Shah')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(3999));
      expect(screen.getByText('Mahesh Shah')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1));
      expect(screen.getByText('Jaya Kothari')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(4000));
      expect(screen.getByText('Mahesh Shah')).toBeInTheDocument();
    });

    it('toggles the statistics glow every 5 seconds', () => {
      render(
        <MemoryRouter>
          <Statistics />
        </MemoryRouter>,
      );
      const section = screen.getByRole('heading', { name: 'Trusted across India' }).closest('section')!;
      expect(section).not.toHaveClass('glow');
      act(() => vi.advanceTimersByTime(5000));
      expect(section).toHaveClass('glow');
      act(() => vi.advanceTimersByTime(5000));
      expect(section).not.toHaveClass('glow');
    });
  });

  it('counts each statistic up over 2 seconds', () => {
    expect(countAt(25, 0, 2000)).toBe(0);
    expect(countAt(1000, 1000, 2000)).toBeGreaterThan(500);
    expect(countAt(1000, 1999, 2000)).toBeLessThan(1000);
    expect(countAt(1000, 2000, 2000)).toBe(1000);
    expect(countAt(10, 5000, 2000)).toBe(10);
  });

  describe('the order timeline', () => {
    const viewport = 1000;

    it('has every step still to come before the first reaches 68% of the viewport', () => {
      expect(timelineStates([700, 900, 1100, 1300, 1500], viewport)).toEqual([
        'future',
        'future',
        'future',
        'future',
        'future',
      ]);
    });

    it('activates a step whose top reaches 68% of the viewport height', () => {
      expect(timelineStates([680, 880, 1080, 1280, 1480], viewport)).toEqual([
        'active',
        'future',
        'future',
        'future',
        'future',
      ]);
    });

    it('marks the steps above the active one as past', () => {
      expect(timelineStates([-300, 100, 500, 900, 1300], viewport)).toEqual([
        'past',
        'past',
        'active',
        'future',
        'future',
      ]);
    });

    it('leaves the last step active once everything has scrolled past', () => {
      expect(timelineStates([-900, -700, -500, -300, -100], viewport)).toEqual([
        'past',
        'past',
        'past',
        'past',
        'active',
      ]);
    });
  });
});
