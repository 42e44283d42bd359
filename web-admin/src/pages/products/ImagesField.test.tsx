import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ImagesField } from './ImagesField';

describe('the product form images', () => {
  const stored = '/uploads/products/0123456789abcdef-1200.webp';

  it("shows a stored picture's tile at the width that fills it, and its preview at the largest", async () => {
    render(
      <ImagesField
        images={[{ kind: 'url', key: 'a', url: stored }]}
        onAddFiles={() => undefined}
        onRemove={() => undefined}
      />,
    );
    const tile = screen.getByRole('button', { name: 'Preview image 1' });
    expect(within(tile).getByRole('img')).toHaveAttribute(
      'src',
      '/uploads/products/0123456789abcdef-480.webp',
    );
    await userEvent.setup().click(tile);
    const dialog = await screen.findByRole('dialog', { name: 'Image preview' });
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', stored);
  });
});
