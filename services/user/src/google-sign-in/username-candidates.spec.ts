import { usernameCandidates } from './username-candidates';

const USERNAME_RULES = /^[A-Za-z0-9_.-]{3,30}$/;

describe('usernameCandidates', () => {
  it("offers the e-mail's local part first, then numbered variants", () => {
    const names = usernameCandidates('asha.kulkarni@gmail.com');
    expect(names.slice(0, 3)).toEqual(['asha.kulkarni', 'asha.kulkarni2', 'asha.kulkarni3']);
  });

  it('replaces characters a username may not contain and trims separators at the ends', () => {
    expect(usernameCandidates('+ravi+tag!@example.com')[0]).toBe('ravi_tag');
  });

  it('pads a local part shorter than 3 characters', () => {
    expect(usernameCandidates('jo@example.com')[0]).toBe('jo_shop');
    expect(usernameCandidates('+@example.com')[0]).toBe('user_shop');
  });

  it('keeps every candidate within the username rules, even for a 64-character local part', () => {
    const names = usernameCandidates(`${'a'.repeat(64)}@example.com`);
    expect(names.every((n) => USERNAME_RULES.test(n))).toBe(true);
    expect(new Set(names).size).toBe(names.length);
  });
});
