/**
 * What moderation tells the wall: a drawing became visible (approved or restored) or stopped being
 * visible (hidden or deleted). app.ts adapts the wall's event hub to this, so moderation code needs
 * neither the hub nor the gallery's item shape.
 */
export interface ModerationEvents {
  added(id: string, createdAt: string): Promise<void>;
  removed(id: string): Promise<void>;
}
