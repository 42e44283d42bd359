import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalImageStorage } from './image-storage';

describe('the local image storage', () => {
  const root = mkdtempSync(join(tmpdir(), 'image-storage-'));
  const storage = new LocalImageStorage(root, '/uploads');
  const key = '0123456789abcdef';
  const files = () => readdirSync(join(root, 'products')).sort();
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("takes a picture's name found stored as done, and leaves no partial file behind", async () => {
    const url = await storage.put(`${key}-160.webp`, Buffer.from('first'));
    expect(url).toBe(`/uploads/products/${key}-160.webp`);
    await expect(storage.put(`${key}-160.webp`, Buffer.from('first'))).resolves.toBe(url);
    expect(readFileSync(join(root, 'products', `${key}-160.webp`), 'utf8')).toBe('first');
    expect(files()).toEqual([`${key}-160.webp`]);
  });

  it('never overwrites a name made of a random id', async () => {
    const name = '8a1f2c3d-1b2c-4d5e-8f90-123456789abc-web.webp';
    await storage.put(name, Buffer.from('one'));
    await expect(storage.put(name, Buffer.from('two'))).rejects.toMatchObject({ code: 'EEXIST' });
    expect(readFileSync(join(root, 'products', name), 'utf8')).toBe('one');
    expect(files().filter((f) => f.endsWith('.part'))).toEqual([]);
  });

  it('addresses only names it makes: widths up to four digits, originals, older uploads', () => {
    expect(storage.nameOf(`/uploads/products/${key}-1200.webp`)).toBe(`${key}-1200.webp`);
    expect(storage.nameOf(`http://shop.test/uploads/products/${key}.png`)).toBe(`${key}.png`);
    for (const other of [
      `/uploads/products/${key}-12000.webp`,
      `/uploads/products/${key}-0.webp`,
      `/uploads/products/${key}-160.svg`,
      `/uploads/products/../${key}-160.webp`,
      `/uploads/customizations/${key}-160.webp`,
    ])
      expect(storage.nameOf(other)).toBeNull();
  });

  it("removes every name of a picture's key and nothing of another's", async () => {
    const other = 'fedcba9876543210';
    for (const name of [`${key}-320.webp`, `${key}.jpg`, `${other}-160.webp`])
      await storage.put(name, Buffer.from(name));
    expect(await storage.removeKey(key)).toBe(3);
    expect(files()).toEqual([`${other}-160.webp`, '8a1f2c3d-1b2c-4d5e-8f90-123456789abc-web.webp'].sort());
    expect(await storage.read(`${key}-320.webp`)).toBeNull();
    expect((await storage.read(`${other}-160.webp`))?.toString()).toBe(`${other}-160.webp`);
  });
});
