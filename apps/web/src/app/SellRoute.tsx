import { useEffect, useState } from "react";
import { imagesProblem } from "../features/registration/GoodsStep.tsx";
import { ImagePicker } from "../features/registration/ImagePicker.tsx";
import type { PickedImage } from "../features/registration/images.ts";
import { SellPage, type SellPhotosSlotProps } from "../features/sell/SellPage.tsx";

/** /vender: the sell feature's page with the registration feature's photo picker (features never import each other). */
export function SellRoute() {
  return <SellPage renderPhotos={(props) => <SellPhotos {...props} />} />;
}

function SellPhotos({ id, onChange }: SellPhotosSlotProps) {
  const [images, setImages] = useState<PickedImage[]>([]);
  useEffect(() => {
    onChange({ dataUrls: images.flatMap((i) => (i.dataUrl ? [i.dataUrl] : [])), problem: imagesProblem(images) });
  }, [images, onChange]);
  return <ImagePicker id={id} images={images} onChange={setImages} />;
}
