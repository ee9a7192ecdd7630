// Stands in for every @shikijs/langs and @shikijs/themes module in the CMS build (build/cms-app.ts): the
// content editors have no code fields and no code blocks, so no grammar or theme is ever needed, and
// bundling the ~250 of them doubled the build time.
export default [];
