import { IMAGE_UPLOAD_FIELD } from '@shop/proto';
import { api } from './client';

/** Uploads image files in one multipart request (field `images`) and answers their URLs. */
export async function uploadImages(files: File[]): Promise<string[]> {
  const form = new FormData();
  for (const file of files) form.append(IMAGE_UPLOAD_FIELD, file, file.name);
  // The browser sets the multipart boundary itself once the JSON default is dropped.
  const { data } = await api.post<{ urls?: string[] }>('/admin/upload-images', form, {
    headers: { 'Content-Type': undefined },
  });
  return Array.isArray(data.urls) ? data.urls : [];
}

export async function deleteImages(imageUrls: string[]): Promise<void> {
  if (imageUrls.length === 0) return;
  await api.delete('/admin/delete-images', { data: { imageUrls } });
}
