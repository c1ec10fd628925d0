// The dialog layer: where every dialog renders (ui/dialog), once at the top
// of the app's tree, inside the element that sets the brand's colour and
// outside every page's styles.

export const layerId = 'dialog-layer';

export function DialogLayer() {
  return <div id={layerId} />;
}
