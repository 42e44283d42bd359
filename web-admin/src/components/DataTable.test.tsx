import { render, screen } from '@testing-library/react';
import { DataTable } from './DataTable';

/** jsdom lays nothing out: the box reports the widths a browser would. */
function renderTable({ content, box }: { content: number; box: number }) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(content);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(box);
  render(
    <DataTable label="Top products" columns={['Product', 'Revenue']}>
      <tr>
        <td>Printed Lanyard</td>
        <td>₹40,500</td>
      </tr>
    </DataTable>,
  );
}

describe('a data table', () => {
  it('is named by its label', () => {
    renderTable({ content: 600, box: 600 });
    expect(screen.getByRole('table', { name: 'Top products' })).toBeInTheDocument();
  });

  it('scrolling sideways, is a region named by its label that the keyboard reaches with Tab', () => {
    renderTable({ content: 900, box: 380 });
    const region = screen.getByRole('region', { name: 'Top products' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toContainElement(screen.getByRole('table'));
  });

  it('fitting its box, is no region and no tab stop', () => {
    renderTable({ content: 600, box: 600 });
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getByRole('table').parentElement).not.toHaveAttribute('tabindex');
  });
});
