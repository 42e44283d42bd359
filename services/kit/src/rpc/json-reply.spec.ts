import { JsonReply, readReplyContent, replyContent } from './json-reply';

describe('JsonReply in reply messages', () => {
  const page = { success: true, products: [{ _id: 'a', name: 'Mug "Classic" ₹' }], total: 1 };

  it('writes a reply any client reads as ordinary JSON', () => {
    const content = replyContent({
      id: 'c1',
      err: null,
      response: JsonReply.of(page),
      isDisposed: true,
    } as never);
    expect(JSON.parse(content.toString())).toMatchObject({ id: 'c1', isDisposed: true, response: page });
  });

  it('hands the response back as the bytes the service wrote, with the packet around it', () => {
    const sent = JsonReply.of(page);
    const read = readReplyContent(replyContent({ id: 'c1', response: sent, isDisposed: true } as never));
    expect(read).toMatchObject({ id: 'c1', isDisposed: true });
    expect(read!.response.bytes.equals(sent.bytes)).toBe(true);
    expect(read!.response.parse()).toEqual(page);
  });

  it('leaves ordinary replies to the usual parser', () => {
    expect(
      readReplyContent(replyContent({ id: 'c1', response: page, isDisposed: true } as never)),
    ).toBeUndefined();
    expect(readReplyContent(Buffer.from('{"responseBytes":'))).toBeUndefined();
  });

  it('serializes one kept answer once', () => {
    expect(JsonReply.of(page)).toBe(JsonReply.of(page));
  });
});
