/// Metadata recorded from shairport-sync's pipe, byte for byte.
enum ShairportRecordings {
    /// pyatv 0.18 (`stream_file`, the library Home Assistant uses) streaming two WAV files into Debian's
    /// shairport-sync 3.3.8 (metadata on, no cover art, the dummy output): "First Song" (6 s), then "Second
    /// Song" (5 s), both by "Sender" on "Album", one session each. pyatv sends the progress (`prgr`) before
    /// the title batch; each session is `pbeg`, the flush of its start (`pfls`), a second later `pffr` and
    /// `prsm` as the sound starts, and `pend`. (shairport-sync 3.3.8 takes any stream whose ANNOUNCE has an
    /// `fmtp` line for ALAC, and pyatv's L16 stream has one, so the audio only played with that line taken out
    /// of pyatv's ANNOUNCE; the metadata is as pyatv sends it.)
    static let pyatvTwoSongs = #"""
        <item><type>73736e63</type><code>736e7561</code><length>14</length>
        <data encoding="base64">
        QWlyUGxheS81NTAuMTA=</data></item>
        <item><type>73736e63</type><code>61637265</code><length>10</length>
        <data encoding="base64">
        MTM0NTcyNTU0OQ==</data></item>
        <item><type>73736e63</type><code>64616964</code><length>16</length>
        <data encoding="base64">
        OTk0QTEzOUE3RTRCNjI3RQ==</data></item>
        <item><type>73736e63</type><code>636c6970</code><length>9</length>
        <data encoding="base64">
        MTI3LjAuMC4x</data></item>
        <item><type>73736e63</type><code>73766970</code><length>9</length>
        <data encoding="base64">
        MTI3LjAuMC4x</data></item>
        <item><type>73736e63</type><code>70766f6c</code><length>25</length>
        <data encoding="base64">
        LTIwLjEwLC00My42MiwtOTYuMzAsMC4wMA==</data></item>
        <item><type>73736e63</type><code>70726772</code><length>18</length>
        <data encoding="base64">
        NjYxNTAvNjYxNTAvMzMwNzUw</data></item>
        <item><type>73736e63</type><code>6d647374</code><length>5</length>
        <data encoding="base64">
        NjYxNTA=</data></item>
        <item><type>636f7265</type><code>6d696e6d</code><length>10</length>
        <data encoding="base64">
        Rmlyc3QgU29uZw==</data></item>
        <item><type>636f7265</type><code>6173616c</code><length>5</length>
        <data encoding="base64">
        QWxidW0=</data></item>
        <item><type>636f7265</type><code>61736172</code><length>6</length>
        <data encoding="base64">
        U2VuZGVy</data></item>
        <item><type>73736e63</type><code>6d64656e</code><length>5</length>
        <data encoding="base64">
        NjYxNTA=</data></item>
        <item><type>73736e63</type><code>61626567</code><length>0</length></item>
        <item><type>73736e63</type><code>70626567</code><length>0</length></item>
        <item><type>73736e63</type><code>70666c73</code><length>5</length>
        <data encoding="base64">
        NjYxNTA=</data></item>
        <item><type>73736e63</type><code>70766f6c</code><length>25</length>
        <data encoding="base64">
        LTIwLjEwLC00My42MiwtOTYuMzAsMC4wMA==</data></item>
        <item><type>73736e63</type><code>70666672</code><length>0</length></item>
        <item><type>73736e63</type><code>7072736d</code><length>0</length></item>
        <item><type>73736e63</type><code>70656e64</code><length>0</length></item>
        <item><type>73736e63</type><code>736e7561</code><length>14</length>
        <data encoding="base64">
        QWlyUGxheS81NTAuMTA=</data></item>
        <item><type>73736e63</type><code>61637265</code><length>10</length>
        <data encoding="base64">
        MjgwNzEwODc4MQ==</data></item>
        <item><type>73736e63</type><code>64616964</code><length>16</length>
        <data encoding="base64">
        ODhCMjNGREEyOUNBRTVDMA==</data></item>
        <item><type>73736e63</type><code>636c6970</code><length>9</length>
        <data encoding="base64">
        MTI3LjAuMC4x</data></item>
        <item><type>73736e63</type><code>73766970</code><length>9</length>
        <data encoding="base64">
        MTI3LjAuMC4x</data></item>
        <item><type>73736e63</type><code>70766f6c</code><length>25</length>
        <data encoding="base64">
        LTIwLjEwLC00My42MiwtOTYuMzAsMC4wMA==</data></item>
        <item><type>73736e63</type><code>70726772</code><length>18</length>
        <data encoding="base64">
        NjYxNTAvNjYxNTAvMjg2NjUw</data></item>
        <item><type>73736e63</type><code>6d647374</code><length>5</length>
        <data encoding="base64">
        NjYxNTA=</data></item>
        <item><type>636f7265</type><code>6d696e6d</code><length>11</length>
        <data encoding="base64">
        U2Vjb25kIFNvbmc=</data></item>
        <item><type>636f7265</type><code>6173616c</code><length>5</length>
        <data encoding="base64">
        QWxidW0=</data></item>
        <item><type>636f7265</type><code>61736172</code><length>6</length>
        <data encoding="base64">
        U2VuZGVy</data></item>
        <item><type>73736e63</type><code>6d64656e</code><length>5</length>
        <data encoding="base64">
        NjYxNTA=</data></item>
        <item><type>73736e63</type><code>70626567</code><length>0</length></item>
        <item><type>73736e63</type><code>70666c73</code><length>5</length>
        <data encoding="base64">
        NjYxNTA=</data></item>
        <item><type>73736e63</type><code>70766f6c</code><length>25</length>
        <data encoding="base64">
        LTIwLjEwLC00My42MiwtOTYuMzAsMC4wMA==</data></item>
        <item><type>73736e63</type><code>70666672</code><length>0</length></item>
        <item><type>73736e63</type><code>7072736d</code><length>0</length></item>
        <item><type>73736e63</type><code>70656e64</code><length>0</length></item>
        <item><type>73736e63</type><code>61656e64</code><length>0</length></item>
        """#
}
