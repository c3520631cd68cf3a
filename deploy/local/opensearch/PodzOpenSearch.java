import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.opensearch.analysis.common.CommonAnalysisPlugin;
import org.opensearch.common.logging.LogConfigurator;
import org.opensearch.common.settings.Settings;
import org.opensearch.env.Environment;
import org.opensearch.index.mapper.MapperExtrasPlugin;
import org.opensearch.node.InternalSettingsPreparer;
import org.opensearch.node.Node;
import org.opensearch.transport.Netty4Plugin;

/**
 * One OpenSearch node for development and tests, started from Maven Central's jars: the
 * distribution's tarball (its bootstrap, modules folder and plugin descriptors) is not there, so the
 * three modules PODZ needs are loaded from the classpath, as OpenSearch's own test nodes load them.
 *
 * <p>Usage: {@code java -cp classes:libs/* PodzOpenSearch <home> <http port> <transport port>}
 */
public final class PodzOpenSearch {
  private static final class ClasspathNode extends Node {
    ClasspathNode(Environment environment) {
      super(
          environment,
          List.of(Netty4Plugin.class, CommonAnalysisPlugin.class, MapperExtrasPlugin.class),
          true);
    }
  }

  public static void main(String[] args) throws Exception {
    Path home = Path.of(args[0]).toAbsolutePath();
    Settings settings =
        Settings.builder()
            .put("path.home", home.toString())
            .put("path.data", home.resolve("data").toString())
            .put("path.logs", home.resolve("logs").toString())
            .put("network.host", "127.0.0.1")
            .put("http.port", args[1])
            .put("transport.port", args[2])
            .put("discovery.type", "single-node")
            .put("cluster.name", "podz-local")
            .put("node.name", "podz-local-1")
            // A development disk is often fuller than the 85 % watermark; shards must still be placed.
            .put("cluster.routing.allocation.disk.threshold_enabled", false)
            .build();
    LogConfigurator.configureWithoutConfig(settings);
    Environment environment =
        InternalSettingsPreparer.prepareEnvironment(
            settings, Map.of(), home.resolve("config"), () -> "podz-local-1");
    Node node = new ClasspathNode(environment);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  try {
                    node.close();
                  } catch (Exception e) {
                    e.printStackTrace();
                  }
                }));
    node.start();
    System.out.println("PodzOpenSearch started on 127.0.0.1:" + args[1]);
    // Every thread the node starts is a daemon (OpenSearch's bootstrap keeps one thread alive for it).
    new CountDownLatch(1).await();
  }
}
