import {
  canonicalJson,
  customizationHasFiles,
  customizationKey,
  isFileValue,
  normalizeCustomization,
} from './customization';

describe('the identity of a cart line customization', () => {
  it('is the same whatever the key order, at every depth', () => {
    const a = { size: 'A5', comments: 'blue', dynamicCustomizations: { gift: true, extras: ['Bookmark'] } };
    const b = { dynamicCustomizations: { extras: ['Bookmark'], gift: true }, comments: 'blue', size: 'A5' };
    expect(customizationKey(a)).toBe(customizationKey(b));
  });

  it('differs when any chosen value differs, including the order of a list', () => {
    const base = { size: 'A5', dynamicCustomizations: { extras: ['Bookmark', 'Pen loop'] } };
    expect(customizationKey(base)).not.toBe(customizationKey({ ...base, size: 'A4' }));
    expect(customizationKey(base)).not.toBe(
      customizationKey({ size: 'A5', dynamicCustomizations: { extras: ['Pen loop', 'Bookmark'] } }),
    );
    expect(customizationKey({ dynamicCustomizations: { gift: false } })).not.toBe(customizationKey({}));
  });

  it('treats blank fields as no choice: empty text, empty lists and objects, null and missing', () => {
    const blank = {
      size: '',
      comments: null,
      uploadedFiles: [],
      dynamicCustomizations: { engraving: '', wrap: { value: '' } },
    };
    expect(normalizeCustomization(blank)).toEqual({});
    expect(customizationKey(blank)).toBe(customizationKey(undefined));
    expect(customizationKey(blank)).toBe(customizationKey({}));
  });

  it('keeps false and zero, which are choices', () => {
    expect(normalizeCustomization({ dynamicCustomizations: { gift: false, count: 0 } })).toEqual({
      dynamicCustomizations: { gift: false, count: 0 },
    });
  });

  it('writes canonical JSON with sorted keys', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[2,{"e":0,"f":1}]},"b":1}',
    );
  });
});

describe('files a line carries, which the cart must vouch for', () => {
  const file = {
    name: 'logo.png',
    size: 4,
    type: 'image/png',
    url: '/uploads/customizations/a.png',
    fileId: 'a',
  };

  it('reads an option value with a fileId or a url as a file, and plain choices as not', () => {
    expect(isFileValue({ ...file, value: file.url })).toBe(true);
    expect(isFileValue({ name: 'x.png', url: 'https://elsewhere.example/x.png' })).toBe(true);
    expect(isFileValue({ value: 'A4' })).toBe(false);
    expect(isFileValue('logo.png')).toBe(false);
    expect(isFileValue(['Front logo'])).toBe(false);
    expect(isFileValue(null)).toBe(false);
  });

  it('finds a file among the uploaded designs or in an image option', () => {
    expect(customizationHasFiles({ uploadedFiles: [file] })).toBe(true);
    expect(customizationHasFiles({ dynamicCustomizations: { art: { ...file, value: file.url } } })).toBe(
      true,
    );
    expect(
      customizationHasFiles({ size: 'A5', dynamicCustomizations: { wrap: true, cover: { value: 'Kraft' } } }),
    ).toBe(false);
    expect(customizationHasFiles(undefined)).toBe(false);
  });
});
