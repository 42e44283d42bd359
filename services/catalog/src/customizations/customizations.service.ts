import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { RpcError } from '@shop/kit';
import {
  CATALOG_MESSAGES as M,
  CustomizationDefinitionInput,
  CustomizationDefinitionView,
  ModifierPaise,
  PriceModifier,
  toPaise,
} from '@shop/proto';
import { DataSource, Repository } from 'typeorm';
import { isUuid } from '../common/ids';
import { toModifierView, toOptionValuesView } from '../products/product-view';
import { ProductsRepository } from '../products/products.repository';
import { ReadCache } from '../products/read-cache';
import { CustomizationEntity } from './customization.entity';

const toPaiseModifier = (m: PriceModifier): ModifierPaise => ({
  operator: m.operator,
  value: toPaise(m.value),
});

function toView(entity: CustomizationEntity): CustomizationDefinitionView {
  return {
    _id: entity.id,
    name: entity.name,
    type: entity.type,
    description: entity.description,
    isDefault: entity.isDefault,
    isActive: entity.isActive,
    priceModifier: toModifierView(entity.priceModifier),
    options: toOptionValuesView(entity.options),
    createdAt: entity.createdAt.toISOString(),
    updatedAt: entity.updatedAt.toISOString(),
  };
}

/** The customization library the back office picks from (back-office spec, customization modal). */
@Injectable()
export class CustomizationsService {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(CustomizationEntity) private readonly definitions: Repository<CustomizationEntity>,
    private readonly products: ProductsRepository,
    private readonly cache: ReadCache,
  ) {}

  async list(): Promise<{ success: true; customizations: CustomizationDefinitionView[] }> {
    const all = await this.definitions.find({ order: { name: 'ASC', id: 'ASC' } });
    return { success: true, customizations: all.map(toView) };
  }

  async create(
    input: CustomizationDefinitionInput,
  ): Promise<{ success: true; customization: CustomizationDefinitionView }> {
    const saved = await this.definitions.save(this.definitions.create(this.columns(input)));
    return { success: true, customization: toView(saved) };
  }

  /**
   * Replaces a definition. Products linking it may now charge differently, so each is published
   * again for the carts' copies, in the same transaction.
   */
  async update(
    id: string,
    input: CustomizationDefinitionInput,
  ): Promise<{ success: true; customization: CustomizationDefinitionView }> {
    if (!isUuid(id)) throw RpcError.notFound(M.customizationNotFound);
    const reply = await this.dataSource.transaction(async (m) => {
      const repo = m.getRepository(CustomizationEntity);
      const existing = await repo.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!existing) throw RpcError.notFound(M.customizationNotFound);
      const saved = await repo.save(repo.merge(existing, this.columns(input)));
      const linked: { product_id: string }[] = await m.query(
        `SELECT product_id FROM product_customizations WHERE option_id = $1`,
        [id],
      );
      await this.products.publishUpserted(
        m,
        linked.map((l) => l.product_id),
      );
      return { success: true as const, customization: toView(saved) };
    });
    this.cache.clear();
    return reply;
  }

  private columns(input: CustomizationDefinitionInput): Partial<CustomizationEntity> {
    return {
      name: input.name,
      type: input.type,
      description: input.description,
      isDefault: input.isDefault,
      isActive: input.isActive,
      priceModifier: input.priceModifier ? toPaiseModifier(input.priceModifier) : null,
      options: input.options.map((o) => ({
        value: o.value,
        priceModifier: toPaiseModifier(o.priceModifier),
      })),
    };
  }
}
