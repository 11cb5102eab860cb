import { ArrowLeftIcon, ArrowRightIcon, CalendarCheckIcon, NewspaperIcon } from 'lucide-react'
import { Link, redirect } from 'react-router'
import { blogPage, postDateFormat } from '~/content/blog'
import { business } from '~/content/business'
import { services } from '~/content/catalog'
import { appContext } from '~/context.server'
import { feedLinks } from '~/features/blog/feed-links'
import { readingTimeLabel } from '~/features/blog/reading-time'
import { CtaBand } from '~/features/marketing/cta-band'
import { PageHero } from '~/features/marketing/page-hero'
import { publicPageHandle } from '~/lib/islands-mode'
import { businessId } from '~/lib/json-ld'
import { JsonLd, usePublicUrl } from '~/lib/json-ld-script'
import { pageMeta } from '~/lib/seo'
import { Button } from '~/ui/button'
import { listPublishedPosts, parseBlogPage } from '../../server/blog/blog.server.ts'
import type { Route } from './+types/blog'

const pagePath = (page: number) => (page > 1 ? `/blog?page=${page}` : '/blog')

// /blog?page=N: public posts, newest first. A page that is not a number, or past the last, and a
// failing database, end on /404 like an unknown town page (never a 500).
export async function loader({ request, context }: Route.LoaderArgs) {
  const { database, log } = context.get(appContext)
  const page = parseBlogPage(new URL(request.url).searchParams.get('page'))
  if (page === null) throw redirect('/404')
  let list: Awaited<ReturnType<typeof listPublishedPosts>>
  try {
    list = await listPublishedPosts(database.db, page)
  } catch (error) {
    log.warn({ err: error, page }, 'blog list failed; sending the visitor to /404')
    throw redirect('/404')
  }
  if (!list) throw redirect('/404')
  return {
    page: list.page,
    pageCount: list.pageCount,
    posts: list.posts.map((post) => ({
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      authorName: post.authorName,
      publishedAt: post.publishedAt.toISOString(),
      readingTime: readingTimeLabel(post.wordCount),
    })),
  }
}

/** A public page: without the app's JavaScript, the same for every visitor but for the account menu (lib/islands-mode.ts). */
export const handle = publicPageHandle

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const page = loaderData?.page ?? 1
  const suffix = page > 1 ? ` (page ${page} of ${loaderData?.pageCount})` : ''
  return [
    ...pageMeta({
      title: `${blogPage.metaTitle}${suffix}`,
      description: page > 1 ? `${blogPage.metaDescription} Page ${page}.` : blogPage.metaDescription,
      path: pagePath(page),
      matches,
    }),
    ...feedLinks(matches),
  ]
}

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  const { posts, page, pageCount } = loaderData
  const baseUrl = usePublicUrl()
  return (
    <>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'Blog',
          '@id': `${baseUrl}/blog#blog`,
          name: `${business.name} blog`,
          description: blogPage.metaDescription,
          url: `${baseUrl}${pagePath(page)}`,
          publisher: { '@id': businessId(baseUrl) },
          blogPost: posts.map((post) => ({
            '@type': 'BlogPosting',
            headline: post.title,
            url: `${baseUrl}/blog/${post.slug}`,
            datePublished: post.publishedAt,
          })),
        }}
      />
      <PageHero
        crumbs={[
          { name: 'Home', path: '/' },
          { name: 'Blog', path: '/blog' },
        ]}
        eyebrow="Blog"
        icon={<NewspaperIcon className="size-4" aria-hidden="true" />}
        title={blogPage.title}
        intro={blogPage.intro}
      />

      <section aria-label={page > 1 ? `Posts, page ${page} of ${pageCount}` : 'Posts'} className="py-14 sm:py-20">
        {/* Aligned with the hero's text, at a width that keeps excerpts readable. */}
        <div className="mx-auto max-w-6xl px-6 [&>*]:max-w-4xl">
          {posts.length === 0 ? (
            <EmptyState />
          ) : (
            <ul className="grid gap-6">
              {posts.map((post) => (
                <li key={post.slug}>
                  <article className="rounded-2xl border bg-card p-6 shadow-xs sm:p-8">
                    <h2 className="text-balance font-bold text-2xl tracking-tight">
                      <Link
                        to={`/blog/${post.slug}`}
                        className="rounded-sm underline-offset-4 hover:text-primary hover:underline"
                      >
                        {post.title}
                      </Link>
                    </h2>
                    <p className="mt-2 text-muted-foreground text-sm">
                      <time dateTime={post.publishedAt}>{postDateFormat.format(new Date(post.publishedAt))}</time>
                      <span aria-hidden="true"> · </span>
                      By {post.authorName}
                      <span aria-hidden="true"> · </span>
                      {post.readingTime}
                    </p>
                    <p className="mt-4 max-w-[68ch] text-pretty text-lg">{post.excerpt}</p>
                    <Link
                      to={`/blog/${post.slug}`}
                      // The visible words first (WCAG 2.5.3), then which post, for screen-reader link lists.
                      // Not "Read more": search engines count that as a link without descriptive text.
                      aria-label={`Read the full post: ${post.title}`}
                      className="mt-5 inline-flex min-h-11 items-center gap-1 font-semibold text-primary hover:text-primary-hover hover:underline"
                    >
                      Read the full post
                      <ArrowRightIcon className="size-4" aria-hidden="true" />
                    </Link>
                  </article>
                </li>
              ))}
            </ul>
          )}
          {pageCount > 1 && <Pagination page={page} pageCount={pageCount} />}
        </div>
      </section>

      <CtaBand />
    </>
  )
}

function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  const linkClass =
    'inline-flex min-h-11 items-center gap-2 rounded-lg border bg-card px-4 font-semibold text-primary shadow-xs hover:border-primary/40 hover:bg-accent'
  return (
    <nav aria-label="Blog pages" className="mt-10 flex flex-wrap items-center justify-between gap-4">
      {page > 1 ? (
        <Link to={pagePath(page - 1)} rel="prev" className={linkClass}>
          <ArrowLeftIcon className="size-4" aria-hidden="true" />
          Newer posts
        </Link>
      ) : (
        <span />
      )}
      <p className="text-muted-foreground text-sm">
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <Link to={pagePath(page + 1)} rel="next" className={linkClass}>
          Older posts
          <ArrowRightIcon className="size-4" aria-hidden="true" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  )
}

function EmptyState() {
  return (
    <div className="rounded-2xl border bg-card p-8 text-center shadow-xs sm:p-12">
      <h2 className="font-bold text-2xl tracking-tight">{blogPage.empty.title}</h2>
      <p className="mx-auto mt-3 max-w-xl text-muted-foreground">{blogPage.empty.text}</p>
      <ul className="mx-auto mt-6 flex max-w-2xl flex-wrap justify-center gap-x-6 gap-y-2 font-medium">
        {services.map((service) => (
          <li key={service.key}>
            <Link to={service.path} className="text-primary underline-offset-4 hover:underline">
              {service.name}
            </Link>
          </li>
        ))}
      </ul>
      <Button asChild size="lg" className="mt-8">
        <Link to="/book">
          <CalendarCheckIcon aria-hidden="true" />
          Book a free consultation
        </Link>
      </Button>
    </div>
  )
}
