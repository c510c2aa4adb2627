package io.queuelatency.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import io.queuelatency.json.JsonNodes;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;

/**
 * report.html: summary.md as one self-contained page (no network, nothing beside it needed): the same text and
 * tables, each figure inline, and every run's timeline as a chart that zooms (drag across it; double-click to go
 * back) and shows its values on hover, the runs of one JVM on one latency range (small multiples). Readable
 * offline and in print (the charts print as drawn).
 */
public final class ReportHtml {
    public static final String FILE_NAME = "report.html";

    private static final Pattern IMAGE = Pattern.compile("<img src=\"([^\"]+\\.png)\" alt=\"([^\"]*)\" />");
    private static final Pattern TIMELINE_LINK = Pattern.compile("href=\"timelines/([^\"]+)\\.png\"");

    private ReportHtml() {
    }

    /**
     * The page, or null where it cannot be made: one warning line on {@code warnings}, never a failed report. The
     * timelines are made inside, so that one that cannot be made is the page's warning too.
     */
    public static String orWarning(String markdown, Path dir, java.util.function.Supplier<ArrayNode> timelines,
            java.io.PrintStream warnings) {
        try {
            return render(markdown, dir, timelines.get());
        } catch (RuntimeException e) {
            warnings.println("queue-latency: warning: " + FILE_NAME + " not written: " + e);
            return null;
        }
    }

    /**
     * The page of {@code markdown} (summary.md's text), its figures read from {@code dir}, with the runs'
     * {@code timelines}.
     */
    public static String render(String markdown, Path dir, ArrayNode timelines) {
        Parser parser = Parser.builder().extensions(Arrays.asList(TablesExtension.create())).build();
        // summary.md holds no HTML of its own: whatever looks like it (a JVM's label from jvm-matrix.yaml) is text
        HtmlRenderer renderer =
                HtmlRenderer.builder().extensions(Arrays.asList(TablesExtension.create())).escapeHtml(true)
                .sanitizeUrls(true).build();
        String body = renderer.render(parser.parse(markdown));
        body = inlineImages(body, dir);
        body = TIMELINE_LINK.matcher(body).replaceAll("href=\"#timeline-$1\"");
        body = collapseEvidence(body);
        String title = markdown.startsWith("# ") ? markdown.substring(2, markdown.indexOf('\n'))
                : "queue-latency report";
        StringBuilder page = new StringBuilder(body.length() + 200_000);
        page.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>").append(escape(title)).append("</title>\n<style>\n").append(resource("report.css"))
                .append("</style>\n</head>\n<body>\n<main>\n").append(body);
        if (timelines.size() > 0) {
            page.append("<details class=\"evidence\" id=\"timelines-section\">\n<summary><h2 id=\"timelines\">"
                    + "Timelines</h2></summary>\n<p>Each run's measured window, second by second, from "
                    + "its stored interval log and tail: the maximum and p99 of each interval as steps over its true "
                    + "extent (a partial interval at an edge stays partial), each second's longest stall per thread "
                    + "(filled by whose cause it was), the JVM's safepoints and GC pauses with how long they stopped "
                    + "the threads, and the queue's rolls and new blocks. The runs of one JVM share one latency axis. "
                    + "Drag across a chart to zoom into that time (all runs of the JVM follow); double-click to go "
                    + "back; hover for the values.</p>\n<div id=\"timeline-charts\"></div>\n</details>\n")
                    .append("<script type=\"application/json\" id=\"timeline-data\">")
                    .append(JsonNodes.compact(timelines).replace("<", "\\u003c")).append("</script>\n");
        }
        page.append("<div id=\"errors\" hidden></div>\n</main>\n<script>\n").append(resource("report.js"))
                .append("</script>\n</body>\n</html>\n");
        return page.toString();
    }

    /**
     * The answer open, the evidence folded: the first section ("Which JVM on this host?", with Figure 1 and its
     * paragraph) stays as it is; each later section, from its heading to the next, becomes a details element whose
     * summary is the heading, closed until clicked (a link into one opens it: report.js).
     */
    static String collapseEvidence(String html) {
        int first = html.indexOf("<h2>");
        int from = first < 0 ? -1 : html.indexOf("<h2>", first + 1);
        if (from < 0) {
            return html;
        }
        StringBuilder out = new StringBuilder(html.length() + 2_000).append(html, 0, from);
        while (from >= 0) {
            int next = html.indexOf("<h2>", from + 1);
            int end = next < 0 ? html.length() : next;
            int headingEnd = html.indexOf("</h2>", from) + "</h2>".length();
            out.append("<details class=\"evidence\">\n<summary>").append(html, from, headingEnd).append("</summary>")
                    .append(html, headingEnd, end).append("</details>\n");
            from = next;
        }
        return out.toString();
    }

    /** Each figure as a data: URI; one that was not drawn becomes a line saying so (summary.md names why). */
    private static String inlineImages(String html, Path dir) {
        Matcher m = IMAGE.matcher(html);
        StringBuffer out = new StringBuffer();
        while (m.find()) {
            Path png = dir.resolve(m.group(1)).normalize();
            String replacement;
            if (png.startsWith(dir.normalize()) && Files.isRegularFile(png)) {
                try {
                    replacement = "<img src=\"data:image/png;base64,"
                            + Base64.getEncoder().encodeToString(Files.readAllBytes(png))
                            + "\" alt=\"" + m.group(2) + "\" class=\"figure\" />";
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            } else {
                replacement = "<span class=\"missing\">(" + m.group(2) + ": not drawn, see above)</span>";
            }
            m.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        m.appendTail(out);
        return out.toString();
    }

    private static String resource(String name) {
        try (InputStream in = ReportHtml.class.getResourceAsStream("/report/" + name)) {
            if (in == null) {
                throw new IllegalStateException("the jar lacks /report/" + name);
            }
            java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
            byte[] buffer = new byte[8192];
            for (int n = in.read(buffer); n > 0; n = in.read(buffer)) {
                bytes.write(buffer, 0, n);
            }
            return new String(bytes.toByteArray(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
