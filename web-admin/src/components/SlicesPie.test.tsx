import { render, screen } from '@testing-library/react';
import { ChartFigure } from './ChartFigure';
import { SlicesPie, type PieSlice } from './SlicesPie';

/**
 * jsdom lays nothing out: the chart's container reports the size a browser would, and the admin
 * prefers reduced motion so the slices are drawn at once rather than animated in.
 */
async function drawnSectors(slices: PieSlice[]) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    width: 640,
    height: 300,
  } as DOMRect);
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(prefers-reduced-motion: reduce)',
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  try {
    const { container } = render(
      <ChartFigure title="Shares" height={300} data={{ columns: ['Name', 'Value'], rows: [] }}>
        <SlicesPie slices={slices} />
      </ChartFigure>,
    );
    await screen.findByRole('figure', { name: 'Shares' });
    await vi.waitFor(() => expect(container.querySelector('.recharts-pie-sector path')).not.toBeNull());
    return [...container.querySelectorAll('.recharts-pie-sector path')];
  } finally {
    vi.unstubAllGlobals();
  }
}

describe('a pie chart', () => {
  it('draws a single 100% slice without a seam: no border', async () => {
    const sectors = await drawnSectors([
      { name: 'VIP', value: 0, fill: '#3B82F6' },
      { name: 'Active', value: 5, fill: '#10B981' },
    ]);
    const drawn = sectors.filter((path) => path.getAttribute('fill') === '#10B981');
    expect(drawn).toHaveLength(1);
    expect(drawn[0]).toHaveAttribute('stroke', 'none');
  });

  it('keeps the white border between two or more slices', async () => {
    const sectors = await drawnSectors([
      { name: 'Lanyards', value: 60, fill: '#3B82F6' },
      { name: 'Labels', value: 40, fill: '#10B981' },
    ]);
    expect(sectors).toHaveLength(2);
    for (const path of sectors) expect(path).toHaveAttribute('stroke', '#fff');
  });
});
