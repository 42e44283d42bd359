import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductCustomizationLink } from '@shop/proto';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { failureMessage } from '../../api/client';
import {
  CUSTOMIZATIONS_KEY,
  listCustomizations,
  type CustomizationDefinition,
} from '../../api/customizations';
import { deleteImages, uploadImages } from '../../api/images';
import { createProduct, updateProduct, type AdminProduct } from '../../api/products';
import {
  createAdminReview,
  deleteReview,
  listProductReviews,
  restoreReview,
  type Review,
} from '../../api/reviews';
import { useConfirm } from '../../components/ConfirmProvider';
import { Page } from '../../components/Page';
import { TitledSection } from '../../components/TitledSection';
import { useToast } from '../../components/ToastProvider';
import { UNSAVED_CHANGES_MESSAGE, useReportDirty, useUnsavedChanges } from '../../components/UnsavedChanges';
import { createLogger } from '@shop/web-kit/logger';
import { zodResolver } from '@shop/web-kit/zodResolver';
import { CustomizationModal } from './CustomizationModal';
import { CustomizationsField } from './CustomizationsField';
import { ImagesField, type ImageItem } from './ImagesField';
import {
  buildPayload,
  draftFromDefinition,
  draftFromLink,
  HSN_CODE_HINT,
  hsnCodePlaceholder,
  initialValues,
  isCompleteReview,
  linkFromDraft,
  mergeDraftWithDefinition,
  PRODUCT_FORM_MESSAGES as MSG,
  productFormSchema,
  reviewHasContent,
  type LinkDraft,
  type ProductFormValues,
  type ReviewDraft,
} from './productForm';
import { ExistingReviews, NewReviews } from './ReviewsField';
import { TagsField } from './TagsField';

const logger = createLogger('admin:product-form');

const ADD_CATEGORY = '__add_new_category__';

let keySeed = 0;
const nextKey = (prefix: string) => `${prefix}-${++keySeed}`;

interface ProductFormProps {
  /** The product being edited; none adds a new one. */
  product?: AdminProduct;
  categories: string[];
  /** The shop's categories are still being read (the form may open before the product list has come). */
  categoriesLoading?: boolean;
  onClose(saved: boolean): void;
}

function reviewsKey(productId: string | undefined) {
  return ['reviews', 'product', productId] as const;
}

/** Adds or edits a product (back-office spec, section 2: product form). */
export function ProductForm({ product, categories, categoriesLoading = false, onClose }: ProductFormProps) {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const toast = useToast();
  const { setDirty } = useUnsavedChanges();

  // Once a new product is saved it is edited from then on, so a retry never creates it twice.
  const [productId, setProductId] = useState(product?._id);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  // A new category's field is offered at once only to a shop that has none; what the admin picks
  // stands. A shop whose categories are still on the way gets its list when they come.
  const [categoryChoice, setCategoryChoice] = useState<'existing' | 'new'>();
  const addingCategory =
    categoryChoice === 'new' ||
    (categoryChoice === undefined && !categoriesLoading && categories.length === 0);

  const form = useForm<ProductFormValues>({
    resolver: zodResolver(productFormSchema),
    defaultValues: initialValues(product),
  });
  const { register, formState } = form;
  const errors = formState.errors;
  const category = form.watch('category');

  const initialImages = useMemo<ImageItem[]>(
    () => (product?.images ?? []).map((url) => ({ kind: 'url', key: url, url })),
    [product],
  );
  const [images, setImages] = useState<ImageItem[]>(initialImages);
  const [removedUrls, setRemovedUrls] = useState<string[]>([]);
  const [tags, setTags] = useState<string[]>(product?.tags ?? []);
  const [links, setLinks] = useState<LinkDraft[] | null>(null);
  const [reviewDrafts, setReviewDrafts] = useState<ReviewDraft[]>([]);
  const [modal, setModal] = useState<{ definition?: CustomizationDefinition } | null>(null);

  const previews = useRef(new Set<string>());
  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const library = useQuery({
    queryKey: CUSTOMIZATIONS_KEY,
    queryFn: ({ signal }) => listCustomizations(signal),
  });
  const definitions = useMemo(() => library.data ?? [], [library.data]);
  const definitionById = useMemo(() => new Map(definitions.map((d) => [d._id, d])), [definitions]);

  // The product's saved links (or, for a new product, the library's defaults) once the library is known.
  const initialLinks = useMemo<LinkDraft[] | null>(() => {
    if (!library.data) return null;
    if (product) {
      return product.customizations
        .filter((link) => link.enabled)
        .map((link) => draftFromLink(link, definitionById.get(link.optionId)));
    }
    return definitions.filter((d) => d.isDefault && d.isActive).map(draftFromDefinition);
  }, [library.data, product, definitions, definitionById]);
  const currentLinks = links ?? initialLinks ?? [];

  const reviews = useQuery({
    queryKey: reviewsKey(productId),
    queryFn: ({ signal }) => listProductReviews(productId!, signal),
    enabled: Boolean(product?._id),
  });

  const extrasDirty =
    images.map((i) => i.key).join('|') !== initialImages.map((i) => i.key).join('|') ||
    tags.join('|') !== (product?.tags ?? []).join('|') ||
    (links !== null && JSON.stringify(links) !== JSON.stringify(initialLinks ?? [])) ||
    reviewDrafts.some(reviewHasContent);
  const isDirty = formState.isDirty || extrasDirty;
  useReportDirty(isDirty);

  /* Images */

  const addFiles = (files: File[]) => {
    const accepted = files.filter((file) => file.type.startsWith('image/'));
    if (accepted.length < files.length) toast.show(MSG.notAnImage, 'error');
    if (accepted.length === 0) return;
    const items: ImageItem[] = accepted.map((file) => {
      const previewUrl = URL.createObjectURL(file);
      previews.current.add(previewUrl);
      return { kind: 'file', key: nextKey('file'), file, previewUrl };
    });
    setImages((list) => [...list, ...items]);
  };

  const removeImage = (item: ImageItem) => {
    const index = images.findIndex((i) => i.key === item.key);
    setImages((list) => list.filter((i) => i.key !== item.key));
    // A stored image leaves storage only when the product is saved without it.
    if (item.kind === 'url') setRemovedUrls((list) => [...list, item.url]);
    toast.showUndo({
      message: 'Image removed',
      onUndo: () => {
        setImages((list) => [...list.slice(0, index), item, ...list.slice(index)]);
        if (item.kind === 'url') setRemovedUrls((list) => list.filter((url) => url !== item.url));
      },
    });
  };

  /* Tags */

  const addTag = (tag: string) => setTags((list) => (list.includes(tag) ? list : [...list, tag]));
  const editTag = (index: number, tag: string) =>
    setTags((list) => list.map((t, i) => (i === index ? tag : t)));
  const removeTag = (index: number) => {
    const tag = tags[index];
    setTags((list) => list.filter((_, i) => i !== index));
    toast.showUndo({
      message: `Tag "${tag}" removed`,
      onUndo: () => setTags((list) => [...list.slice(0, index), tag, ...list.slice(index)]),
    });
  };

  /* Customizations */

  const toggleCustomization = (definition: CustomizationDefinition, on: boolean) => {
    setLinks(() => {
      const without = currentLinks.filter((d) => d.optionId !== definition._id);
      return on ? [...without, draftFromDefinition(definition)] : without;
    });
  };

  const changeLink = (draft: LinkDraft) =>
    setLinks(currentLinks.map((d) => (d.optionId === draft.optionId ? draft : d)));

  const onCustomizationSaved = (definition: CustomizationDefinition, created: boolean) => {
    queryClient.setQueryData<CustomizationDefinition[]>(CUSTOMIZATIONS_KEY, (list = []) =>
      created ? [...list, definition] : list.map((d) => (d._id === definition._id ? definition : d)),
    );
    if (created) setLinks([...currentLinks, draftFromDefinition(definition)]);
    else
      setLinks(
        currentLinks.map((d) =>
          d.optionId === definition._id ? mergeDraftWithDefinition(d, definition) : d,
        ),
      );
  };

  /* Reviews */

  const deleteExistingReview = async (review: Review) => {
    try {
      await deleteReview(review._id);
    } catch (error) {
      logger.error(`Could not delete review ${review._id}`, error);
      toast.show(MSG.deleteReviewFailed, 'error');
      return;
    }
    queryClient.setQueryData<Review[]>(reviewsKey(productId), (list) =>
      list?.filter((r) => r._id !== review._id),
    );
    toast.showUndo({
      message: 'Review deleted',
      // The server keeps a deleted review as it was (author, text, votes, date) and puts it back.
      onUndo: async () => {
        try {
          await restoreReview(review._id);
        } catch (error) {
          logger.error(`Could not restore review ${review._id}`, error);
          toast.show(MSG.restoreReviewFailed, 'error');
        }
        await queryClient.invalidateQueries({ queryKey: reviewsKey(productId) });
      },
    });
  };

  const addReviewDraft = () =>
    setReviewDrafts((list) => [
      ...list,
      {
        key: nextKey('review'),
        reviewerName: '',
        reviewerEmail: '',
        reviewerPassword: '',
        rating: 0,
        comment: '',
      },
    ]);
  const changeReviewDraft = (draft: ReviewDraft) =>
    setReviewDrafts((list) => list.map((d) => (d.key === draft.key ? draft : d)));
  const removeReviewDraft = (draft: ReviewDraft) => {
    const index = reviewDrafts.findIndex((d) => d.key === draft.key);
    setReviewDrafts((list) => list.filter((d) => d.key !== draft.key));
    toast.showUndo({
      message: 'Review removed',
      onUndo: () => setReviewDrafts((list) => [...list.slice(0, index), draft, ...list.slice(index)]),
    });
  };

  /* Submit and cancel */

  const submit = form.handleSubmit(async (values) => {
    if (
      !(await confirm(MSG.confirmSubmit, {
        title: productId ? 'Update product' : 'Create product',
        confirmLabel: 'Submit',
      }))
    )
      return;
    setSaving(true);
    setServerError(null);
    try {
      const files = images.filter((i): i is Extract<ImageItem, { kind: 'file' }> => i.kind === 'file');
      let stored = images;
      if (files.length > 0) {
        const urls = await uploadImages(files.map((f) => f.file));
        if (urls.length === 0) {
          window.alert(MSG.uploadFailed);
          return;
        }
        const urlFor = new Map(files.map((f, i) => [f.key, urls[i]]));
        stored = images.map((i) =>
          i.kind === 'file' ? { kind: 'url', key: urlFor.get(i.key)!, url: urlFor.get(i.key)! } : i,
        );
        // Uploaded once: a retry after a failed save sends the same URLs.
        setImages(stored);
      }
      const imageUrls = stored.map((i) => (i.kind === 'url' ? i.url : '')).filter(Boolean);
      const customizationLinks: ProductCustomizationLink[] = currentLinks.map((draft) =>
        linkFromDraft(draft, definitionById.get(draft.optionId)?.type),
      );
      // Links to options the library no longer lists are kept as they were.
      const unknownLinks = (product?.customizations ?? []).filter(
        (link) =>
          link.enabled &&
          !definitionById.has(link.optionId) &&
          !currentLinks.some((d) => d.optionId === link.optionId),
      );
      const payload = buildPayload(values, imageUrls, tags, [...customizationLinks, ...unknownLinks]);

      let id = productId;
      if (id) await updateProduct(id, payload);
      else {
        id = await createProduct(payload);
        setProductId(id);
      }

      if (removedUrls.length > 0) {
        const urls = removedUrls;
        setRemovedUrls([]);
        deleteImages(urls).catch((error) =>
          logger.error('Could not delete removed images from storage', error),
        );
      }

      for (const draft of reviewDrafts.filter(isCompleteReview)) {
        await createAdminReview({
          productId: id,
          reviewerName: draft.reviewerName.trim(),
          reviewerEmail: draft.reviewerEmail.trim(),
          reviewerPassword: draft.reviewerPassword,
          rating: draft.rating,
          comment: draft.comment,
        });
        setReviewDrafts((list) => list.filter((d) => d.key !== draft.key));
      }

      toast.show(MSG.saved, 'success');
      setDirty(false);
      onClose(true);
    } catch (error) {
      logger.error('Could not save the product', error);
      setServerError(failureMessage(error, MSG.saveFailed));
      toast.show(MSG.saveFailed, 'error');
    } finally {
      setSaving(false);
    }
  });

  const cancel = async () => {
    if (
      isDirty &&
      !(await confirm(UNSAVED_CHANGES_MESSAGE, { title: 'Unsaved changes', confirmLabel: 'Discard changes' }))
    )
      return;
    setDirty(false);
    onClose(productId !== product?._id);
  };

  const categoryField = addingCategory ? (
    <div className="field">
      <label htmlFor="product-category">Category *</label>
      <input
        id="product-category"
        placeholder="New category name"
        aria-invalid={errors.category ? true : undefined}
        aria-describedby={errors.category ? 'product-category-error' : undefined}
        {...register('category')}
      />
      {categories.length > 0 ? (
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setCategoryChoice('existing');
            form.setValue('category', product?.category ?? '', { shouldDirty: true });
          }}
        >
          Choose an existing category
        </button>
      ) : null}
      {errors.category ? (
        <p id="product-category-error" className="field-error">
          {errors.category.message}
        </p>
      ) : null}
    </div>
  ) : (
    <div className="field">
      <label htmlFor="product-category">Category *</label>
      <select
        id="product-category"
        aria-invalid={errors.category ? true : undefined}
        aria-describedby={errors.category ? 'product-category-error' : undefined}
        {...register('category', {
          onChange: (event) => {
            if (event.target.value === ADD_CATEGORY) {
              setCategoryChoice('new');
              form.setValue('category', '', { shouldDirty: true });
            }
          },
        })}
      >
        <option value="">Select a category</option>
        {[...new Set([...categories, ...(product?.category ? [product.category] : [])])].map((category) => (
          <option key={category} value={category}>
            {category}
          </option>
        ))}
        <option value={ADD_CATEGORY}>+ Add new category</option>
      </select>
      {errors.category ? (
        <p id="product-category-error" className="field-error">
          {errors.category.message}
        </p>
      ) : null}
    </div>
  );

  const fieldError = (name: keyof ProductFormValues) =>
    errors[name] ? (
      <p id={`product-${name}-error`} className="field-error">
        {errors[name]?.message}
      </p>
    ) : null;
  const a11y = (name: keyof ProductFormValues) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `product-${name}-error` : undefined,
  });

  return (
    <Page
      title={product ? 'Edit Product' : 'Add New Product'}
      subtitle={product ? product.name : 'Fill in the details of the new product'}
    >
      {serverError ? (
        <p className="form-error-banner" role="alert">
          {serverError}
        </p>
      ) : null}

      <form className="form-layout" onSubmit={(event) => void submit(event)} noValidate>
        <TitledSection title="General Information" className="card card-section">
          <div className="field">
            <label htmlFor="product-name">Product name *</label>
            <input id="product-name" {...a11y('name')} {...register('name')} />
            {fieldError('name')}
          </div>
          <div className="field-row">
            <div className="field">
              <label htmlFor="product-brand">Brand</label>
              <select id="product-brand" {...register('brand')}>
                <option value="ms">MS</option>
                <option value="jaksh">Jaksh</option>
              </select>
            </div>
            {categoryField}
          </div>
          <div className="field-row">
            <div className="field">
              <label htmlFor="product-price">Price (₹)</label>
              <input
                id="product-price"
                type="number"
                min="0"
                step="0.01"
                inputMode="decimal"
                placeholder="0"
                {...a11y('price')}
                {...register('price')}
              />
              {fieldError('price')}
            </div>
            <div className="field">
              <label htmlFor="product-stock">Stock</label>
              <input
                id="product-stock"
                type="number"
                min="0"
                step="1"
                inputMode="numeric"
                placeholder="0"
                {...a11y('stock')}
                {...register('stock')}
              />
              {fieldError('stock')}
            </div>
          </div>
          <div className="field">
            <label htmlFor="product-hsnCode">HSN Code</label>
            <input
              id="product-hsnCode"
              inputMode="numeric"
              autoComplete="off"
              maxLength={8}
              placeholder={hsnCodePlaceholder(category)}
              aria-invalid={errors.hsnCode ? true : undefined}
              aria-describedby={
                errors.hsnCode ? 'product-hsnCode-error product-hsnCode-hint' : 'product-hsnCode-hint'
              }
              {...register('hsnCode')}
            />
            <p id="product-hsnCode-hint" className="field-hint">
              {HSN_CODE_HINT}
            </p>
            {fieldError('hsnCode')}
          </div>
          <div className="field">
            <label htmlFor="product-description">Description *</label>
            <textarea
              id="product-description"
              rows={5}
              {...a11y('description')}
              {...register('description')}
            />
            {fieldError('description')}
          </div>
        </TitledSection>

        <TitledSection title="Images" className="card card-section">
          <ImagesField images={images} onAddFiles={addFiles} onRemove={removeImage} />
        </TitledSection>

        <TitledSection title="Tags" className="card card-section">
          <TagsField tags={tags} onAdd={addTag} onEdit={editTag} onRemove={removeTag} />
        </TitledSection>

        <TitledSection title="Customizations" className="card card-section">
          <CustomizationsField
            library={definitions}
            loading={library.isPending}
            selected={currentLinks}
            onToggle={toggleCustomization}
            onChange={changeLink}
            onCreate={() => setModal({})}
            onEdit={(definition) => setModal({ definition })}
          />
        </TitledSection>

        {product ? (
          <TitledSection title="Existing Reviews" className="card card-section">
            <ExistingReviews
              reviews={reviews.data ?? []}
              loading={reviews.isPending}
              onDelete={(r) => void deleteExistingReview(r)}
            />
          </TitledSection>
        ) : null}

        <TitledSection title="Add Reviews" className="card card-section">
          <NewReviews
            drafts={reviewDrafts}
            onAdd={addReviewDraft}
            onChange={changeReviewDraft}
            onRemove={removeReviewDraft}
          />
        </TitledSection>

        <div className="card form-footer">
          <button type="button" className="btn btn-secondary" onClick={() => void cancel()}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? 'Saving...' : productId ? 'Update Product' : 'Create Product'}
          </button>
        </div>
      </form>

      <CustomizationModal
        open={modal !== null}
        definition={modal?.definition}
        onClose={() => setModal(null)}
        onSaved={onCustomizationSaved}
      />
    </Page>
  );
}
