import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NewsletterForm } from './NewsletterForm';

function setup() {
  const logger = { info: vi.fn() };
  render(<NewsletterForm logger={logger} />);
  return { logger, u: userEvent.setup(), input: screen.getByLabelText(/Get offers/) };
}

describe('the newsletter form', () => {
  it("requires an e-mail: 'Email is required'", async () => {
    const { logger, u } = setup();
    await u.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Email is required');
    expect(logger.info).not.toHaveBeenCalled();
  });

  it("refuses something that is not an e-mail: 'Please enter a valid email'", async () => {
    const { logger, u, input } = setup();
    await u.type(input, 'asha@');
    await u.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(logger.info).not.toHaveBeenCalled();
  });

  it('only logs a valid e-mail, sends nothing, and clears the box', async () => {
    const { logger, u, input } = setup();
    await u.type(input, '  asha@example.in ');
    await u.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(logger.info).toHaveBeenCalledWith('Newsletter sign-up', 'asha@example.in');
    expect(input).toHaveValue('');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
