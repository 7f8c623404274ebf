/**
 * The wall's checks of what the server sends: each reply and event is checked against the wire schema the route
 * answers by (src/common/wire), through validators compiled from those schemas (`npm run wire`). A value that
 * passes holds the shape and no more: fields the schema does not name are dropped.
 */
import type {
  ApiError,
  CreditChange,
  GalleryItem,
  GalleryPage,
  NameBlocked,
  PromptsAnswer,
} from "../../common/api.ts";
import type { ReactionCounts, ReactionState, ReactionsEvent } from "../../common/reactions.ts";
import * as checks from "./wall-checks.generated.js";

export const isApiError = (value: unknown): value is ApiError => checks.isApiError(value);
export const isCreditChange = (value: unknown): value is CreditChange => checks.isCreditChange(value);
export const isGalleryItem = (value: unknown): value is GalleryItem => checks.isGalleryItem(value);
export const isGalleryPage = (value: unknown): value is GalleryPage => checks.isGalleryPage(value);
export const isNameBlocked = (value: unknown): value is NameBlocked => checks.isNameBlocked(value);
export const isPromptsAnswer = (value: unknown): value is PromptsAnswer => checks.isPromptsAnswer(value);
export const isReactionCounts = (value: unknown): value is ReactionCounts => checks.isReactionCounts(value);
export const isReactionState = (value: unknown): value is ReactionState => checks.isReactionState(value);
export const isReactionsEvent = (value: unknown): value is ReactionsEvent => checks.isReactionsEvent(value);
export const isRemovedDrawing = (value: unknown): value is { readonly id: string } =>
  checks.isRemovedDrawing(value);
