import { render } from '@testing-library/react';
import { SearchIcon, StarIcon } from './icons';

describe('icons', () => {
  it('are hidden from assistive technology and out of the tab order, so the text beside them names the control', () => {
    const { container } = render(<SearchIcon />);
    const svg = container.querySelector('svg')!;
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('focusable', 'false');
    expect(svg).toHaveAttribute('width', '20');
  });

  it('take the props a caller gives, such as a class or a size', () => {
    const { container } = render(<SearchIcon className="search-icon" width="24" />);
    expect(container.querySelector('svg')).toHaveAttribute('class', 'search-icon');
    expect(container.querySelector('svg')).toHaveAttribute('width', '24');
  });

  it('draw a star 16 px wide unless sized, filled when it counts toward the rating', () => {
    const { container } = render(
      <>
        <StarIcon filled />
        <StarIcon />
        <StarIcon width="20" height="20" />
      </>,
    );
    const [filled, empty, sized] = container.querySelectorAll('svg');
    expect(filled).toHaveAttribute('fill', 'currentColor');
    expect(filled).toHaveAttribute('width', '16');
    expect(empty).toHaveAttribute('fill', 'none');
    expect(sized).toHaveAttribute('width', '20');
  });
});
