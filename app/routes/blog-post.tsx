import { ArrowLeftIcon, NewspaperIcon } from 'lucide-react'
import { Link, redirect } from 'react-router'
import { blogPage, postDateFormat } from '~/content/blog'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { feedLinks } from '~/features/blog/feed-links'
import { PostBody } from '~/features/blog/post-body'
import { readingTimeLabel } from '~/features/blog/reading-time'
import { CtaBand } from '~/features/marketing/cta-band'
import { PageHero } from '~/features/marketing/page-hero'
import { publicPageHandle } from '~/lib/islands-mode'
import { businessId, type JsonLdObject } from '~/lib/json-ld'
import { JsonLd, usePublicUrl } from '~/lib/json-ld-script'
import { pageMeta } from '~/lib/seo'
import { findPublishedPost, lastChangeOf } from '../../server/blog/blog.server.ts'
import { missingPage } from '../../server/redirects/redirects.server.ts'
import type { Route } from './+types/blog-post'

// /blog/{slug}: a public post. Unknown, unpublished, scheduled or failing → /404, as town pages do.
export async function loader({ params, context }: Route.LoaderArgs) {
  const { database, log } = context.get(appContext)
  let post: Awaited<ReturnType<typeof findPublishedPost>>
  try {
    post = await findPublishedPost(database.db, params.slug)
  } catch (error) {
    log.warn({ err: error, slug: params.slug }, 'blog post failed; sending the visitor to /404')
    throw redirect('/404')
  }
  if (!post) throw await missingPage(database.db, `/blog/${params.slug}`, log)
  return {
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    body: post.body,
    authorName: post.authorName,
    publishedAt: post.publishedAt.toISOString(),
    modifiedAt: lastChangeOf(post).toISOString(),
    readingTime: readingTimeLabel(post.wordCount),
    metaTitle: post.metaTitle ?? post.title,
    metaDescription: post.metaDescription ?? post.excerpt,
  }
}

/** A public page: without the app's JavaScript, the same for every visitor but for the account menu (lib/islands-mode.ts). */
export const handle = publicPageHandle

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [{ title: `Page not found | ${business.name}` }]
  return [
    ...pageMeta({
      title: loaderData.metaTitle,
      description: loaderData.metaDescription,
      path: `/blog/${loaderData.slug}`,
      matches,
      type: 'article',
    }),
    { property: 'article:published_time', content: loaderData.publishedAt },
    { property: 'article:modified_time', content: loaderData.modifiedAt },
    { property: 'article:author', content: loaderData.authorName },
    ...feedLinks(matches),
  ]
}

/** The author as structured data: the business itself, or a named person writing for it. */
function authorJsonLd(baseUrl: string, name: string): JsonLdObject {
  return name === business.name
    ? { '@type': 'Organization', '@id': businessId(baseUrl), name }
    : { '@type': 'Person', name }
}

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { slug, title, excerpt, body, authorName, publishedAt, modifiedAt, readingTime } = loaderData
  const baseUrl = usePublicUrl()
  const url = `${baseUrl}/blog/${slug}`
  return (
    <>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'BlogPosting',
          '@id': `${url}#post`,
          headline: title,
          description: excerpt,
          datePublished: publishedAt,
          dateModified: modifiedAt,
          author: authorJsonLd(baseUrl, authorName),
          publisher: { '@id': businessId(baseUrl) },
          mainEntityOfPage: { '@type': 'WebPage', '@id': url },
          isPartOf: { '@id': `${baseUrl}/blog#blog` },
          url,
          inLanguage: 'en-US',
        }}
      />
      <PageHero
        crumbs={[
          { name: 'Home', path: '/' },
          { name: 'Blog', path: '/blog' },
          { name: title, path: `/blog/${slug}` },
        ]}
        eyebrow="Blog"
        icon={<NewspaperIcon className="size-4" aria-hidden="true" />}
        title={title}
        intro={excerpt}
      >
        <p className="text-muted-foreground">
          By <span className="font-medium text-foreground">{authorName}</span>
          <span aria-hidden="true"> · </span>
          <time dateTime={publishedAt}>{postDateFormat.format(new Date(publishedAt))}</time>
          <span aria-hidden="true"> · </span>
          {readingTime}
        </p>
      </PageHero>

      <article aria-labelledby="page-title" className="py-14 sm:py-20">
        <div className="mx-auto max-w-6xl px-6">
          <PostBody markdown={body} />
          <p className="mt-14 border-t pt-8">
            <Link
              to="/blog"
              className="inline-flex min-h-11 items-center gap-2 font-semibold text-primary hover:text-primary-hover hover:underline"
            >
              <ArrowLeftIcon className="size-4" aria-hidden="true" />
              All posts
            </Link>
          </p>
        </div>
      </article>

      <CtaBand id="post-cta-title" title={blogPage.postCta.title} text={blogPage.postCta.text} />
    </>
  )
}
