import { domMax, LazyMotion, m, type PanInfo } from 'framer-motion';
import type { ImgHTMLAttributes } from 'react';

// Each logo moves at most 80 px either way, with elasticity 0.3.
const DRAG_LIMIT_PX = 80;
const DRAG_CONSTRAINTS = {
  left: -DRAG_LIMIT_PX,
  right: DRAG_LIMIT_PX,
  top: -DRAG_LIMIT_PX,
  bottom: DRAG_LIMIT_PX,
};

export type DraggableLogoProps = Pick<
  ImgHTMLAttributes<HTMLImageElement>,
  | 'src'
  | 'alt'
  | 'width'
  | 'height'
  | 'loading'
  | 'tabIndex'
  | 'className'
  | 'onKeyDown'
  | 'aria-describedby'
> & {
  draggable: false;
  /** Called with each drag step's movement in pixels. */
  onMove: (dx: number, dy: number) => void;
};

/** One logo of the easter egg, draggable within the spec's limits. */
export function DraggableLogo({ onMove, ...image }: DraggableLogoProps) {
  return (
    <LazyMotion features={domMax}>
      <m.img
        {...image}
        drag
        dragConstraints={DRAG_CONSTRAINTS}
        dragElastic={0.3}
        whileHover={{ scale: 1.1 }}
        whileTap={{ scale: 0.95 }}
        whileDrag={{ scale: 0.9, rotate: 10 }}
        onDrag={(_event: PointerEvent, info: PanInfo) => onMove(info.delta.x, info.delta.y)}
      />
    </LazyMotion>
  );
}
